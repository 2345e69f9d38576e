import { contract } from '#shared/api/contract'
import { responseSchemas } from '#shared/api/responses'
import { cardListQuerySchema, createSetSchemas, exportQuerySchema, type StripMarkup, setListQuerySchema, tagsQuerySchema } from '#shared/api/sets'
import { createImportCardsSchema, createImportSetSchema } from '#shared/import/import-schema'

/**
 * Sets and their cards. The bodies clean their text with a markup stripper: the server builds
 * these contracts with its real sanitiser (the renderer only needs their types).
 */
export function setContracts(strip: StripMarkup) {
  const schemas = createSetSchemas(strip)
  const set = responseSchemas.StudySet
  const card = responseSchemas.Flashcard
  return {
    listMine: contract('GET', '/api/sets', { query: setListQuerySchema, answer: responseSchemas.StudySetList }),
    listPublic: contract('GET', '/api/sets/public', { query: setListQuerySchema, answer: responseSchemas.StudySetList }),
    tags: contract('GET', '/api/sets/tags', { query: tagsQuerySchema, answer: responseSchemas.Tags }),
    create: contract('POST', '/api/sets', { body: schemas.createSet, answer: set }),
    import: contract('POST', '/api/sets/import', { body: createImportSetSchema(strip), answer: set }),
    importCards: contract('POST', '/api/sets/:id/cards/import', { body: createImportCardsSchema(strip), answer: responseSchemas.ImportIntoSetResult }),
    export: contract('GET', '/api/sets/:id/export', { query: exportQuerySchema, answer: 'file' }),
    copy: contract('POST', '/api/sets/:id/copy', { answer: set }),
    get: contract('GET', '/api/sets/:id', { answer: set }),
    update: contract('PATCH', '/api/sets/:id', { body: schemas.updateSet, answer: set }),
    remove: contract('DELETE', '/api/sets/:id', { answer: null }),
    listCards: contract('GET', '/api/sets/:id/cards', { query: cardListQuerySchema, answer: responseSchemas.FlashcardList }),
    addCard: contract('POST', '/api/sets/:id/cards', { body: schemas.createCard, answer: card }),
    updateCard: contract('PATCH', '/api/sets/:id/cards/:cardId', { body: schemas.updateCard, answer: card }),
    removeCard: contract('DELETE', '/api/sets/:id/cards/:cardId', { answer: null }),
  }
}

/** Stars: a student's starred cards of a set they may read. */
export const starContracts = {
  list: contract('GET', '/api/sets/:id/stars', { answer: responseSchemas.Stars }),
  star: contract('PUT', '/api/sets/:id/stars/:cardId', { answer: null }),
  unstar: contract('DELETE', '/api/sets/:id/stars/:cardId', { answer: null }),
}
