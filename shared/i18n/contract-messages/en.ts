import type { ContractCatalog } from '#shared/i18n/catalog'
import { classMessages, gameMessages, mediaMessages } from '#shared/messages'

/** English is the source: the contracts' tables themselves. */
export const en: ContractCatalog = { classMessages, gameMessages, mediaMessages }
