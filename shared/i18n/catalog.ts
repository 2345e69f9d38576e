import type {
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
import { type classMessages, type gameMessages, type mediaMessages } from '#shared/messages'

/**
 * A translation of a table of texts: the same keys; any text where English has a text, the same
 * signature where English has a function. A missing or extra key fails typecheck.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] }

/** The type of `shared/messages.ts`'s `messages` in any language. */
export type Messages = Translation<typeof messages>

/** Every table of `shared/messages.ts`, in one language (`shared/i18n/messages/<locale>.ts`). */
export interface SharedCatalog {
  messages: Messages
  sessionMessages: Translation<typeof sessionMessages>
  setMessages: Translation<typeof setMessages>
  textMessages: Translation<typeof textMessages>
  cardMessages: Translation<typeof cardMessages>
  contactMessages: Translation<typeof contactMessages>
  importMessages: Translation<typeof importMessages>
  apiMessages: Translation<typeof apiMessages>
  routeErrorMessages: Translation<typeof routeErrorMessages>
  flashcardMessages: Translation<typeof flashcardMessages>
  offlineMessages: Translation<typeof offlineMessages>
  habitMessages: Translation<typeof habitMessages>
  fieldLabels: Translation<typeof fieldLabels>
  requestMessages: Translation<typeof requestMessages>
}

/**
 * The class, game and picture tables still in their contracts (`shared/api/`), in one language
 * (`shared/i18n/contract-messages/<locale>.ts`; apart, so a language's main catalog does not pull in zod).
 */
export interface ContractCatalog {
  classMessages: Translation<typeof classMessages>
  gameMessages: Translation<typeof gameMessages>
  mediaMessages: Translation<typeof mediaMessages>
}

/** Every text the server sends, in one language. */
export type ServerCatalog = SharedCatalog & ContractCatalog
