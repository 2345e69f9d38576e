import { contract } from '#shared/api/contract'
import { habitSchemas } from '#shared/api/habits'
import { responseSchemas } from '#shared/api/responses'

/** Folders of sets and several sets studied together (issue 31): the caller's own. */
export const folderContracts = {
  create: contract('POST', '/api/folders', { body: habitSchemas.createFolder, answer: responseSchemas.Folder }),
  list: contract('GET', '/api/folders', { answer: responseSchemas.Folders }),
  get: contract('GET', '/api/folders/:id', { answer: responseSchemas.FolderDetail }),
  update: contract('PATCH', '/api/folders/:id', { body: habitSchemas.updateFolder, answer: responseSchemas.Folder }),
  remove: contract('DELETE', '/api/folders/:id', { answer: null }),
  addSet: contract('PUT', '/api/folders/:id/sets/:setId', { answer: null }),
  removeSet: contract('DELETE', '/api/folders/:id/sets/:setId', { answer: null }),
  cards: contract('GET', '/api/folders/:id/cards', { query: habitSchemas.cardsQuery, answer: responseSchemas.FolderCardList }),
  together: contract('GET', '/api/study-together/cards', { query: habitSchemas.togetherQuery, answer: responseSchemas.FolderCardList }),
}

/** A student's study options of one set (issue 31). */
export const studyOptionContracts = {
  get: contract('GET', '/api/sets/:id/study-options', { answer: responseSchemas.StudyOptions }),
  update: contract('PATCH', '/api/sets/:id/study-options', { body: habitSchemas.studyOptions, answer: responseSchemas.StudyOptions }),
}

/** Reminder emails (issue 31): the one-click unsubscribe (RFC 8058), no sign-in; the token is in the query of a POST. */
export const reminderContracts = {
  unsubscribe: contract('POST', '/api/reminders/unsubscribe', { query: habitSchemas.unsubscribeQuery, answer: null }),
}
