import { classMessages } from '#shared/api/classes'
import { gameMessages } from '#shared/api/games'
import { mediaMessages } from '#shared/api/media'
import type { ContractCatalog } from '#shared/i18n/catalog'

/** English is the source: the contracts' tables themselves. */
export const en: ContractCatalog = { classMessages, gameMessages, mediaMessages }
