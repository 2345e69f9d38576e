import {
  apiMessages,
  cardMessages,
  contactMessages,
  fieldLabels,
  flashcardMessages,
  habitMessages,
  importMessages,
  messages,
  offlineMessages,
  requestMessages,
  routeErrorMessages,
  sessionMessages,
  setMessages,
  textMessages,
} from '#shared/messages'
import type { SharedCatalog } from '#shared/i18n/catalog'

/** English is the source: the tables of `shared/messages.ts` themselves, exactly as the spec gives them. */
export const en: SharedCatalog = {
  messages,
  sessionMessages,
  setMessages,
  textMessages,
  cardMessages,
  contactMessages,
  importMessages,
  apiMessages,
  routeErrorMessages,
  flashcardMessages,
  offlineMessages,
  habitMessages,
  fieldLabels,
  requestMessages,
}
