import { classListQuerySchema, classProgressQuerySchema, createClassSchemas } from '#shared/api/classes'
import { contract } from '#shared/api/contract'
import { createGameSchemas, gameResultsQuerySchema } from '#shared/api/games'
import { responseSchemas } from '#shared/api/responses'
import type { StripMarkup } from '#shared/api/sets'

/** Classes: a teacher's classes, their students, assigned sets and progress. Built with the markup stripper of the side. */
export function classContracts(strip: StripMarkup) {
  const schemas = createClassSchemas(strip)
  const classroom = responseSchemas.Classroom
  return {
    create: contract('POST', '/api/classes', { body: schemas.createClass, answer: classroom }),
    list: contract('GET', '/api/classes', { query: classListQuerySchema, answer: responseSchemas.ClassroomList }),
    join: contract('POST', '/api/classes/join', { body: schemas.joinClass, answer: classroom }),
    get: contract('GET', '/api/classes/:id', { answer: responseSchemas.ClassroomDetail }),
    update: contract('PATCH', '/api/classes/:id', { body: schemas.updateClass, answer: classroom }),
    remove: contract('DELETE', '/api/classes/:id', { answer: null }),
    removeMember: contract('DELETE', '/api/classes/:id/members/:userId', { answer: null }),
    assignSet: contract('POST', '/api/classes/:id/sets', { body: schemas.assignSet, answer: responseSchemas.StudySet }),
    unassignSet: contract('DELETE', '/api/classes/:id/sets/:setId', { answer: null }),
    progress: contract('GET', '/api/classes/:id/progress', { query: classProgressQuerySchema, answer: responseSchemas.ClassProgress }),
  }
}

/** The live class game. */
export function gameContracts(strip: StripMarkup) {
  const schemas = createGameSchemas(strip)
  return {
    create: contract('POST', '/api/games', { body: schemas.createGame, answer: responseSchemas.Game }),
    join: contract('POST', '/api/games/join', { body: schemas.joinGame, answer: responseSchemas.JoinedGame }),
    get: contract('GET', '/api/games/:id', { answer: responseSchemas.Game }),
    start: contract('POST', '/api/games/:id/start', { answer: null }),
    next: contract('POST', '/api/games/:id/next', { answer: null }),
    answer: contract('POST', '/api/games/:id/answers', { body: schemas.answer, answer: responseSchemas.GameAnswerResult }),
    events: contract('GET', '/api/games/:id/events', { answer: 'file' }),
    picture: contract('GET', '/api/games/:id/media/:mediaId', { answer: 'file' }),
    results: contract('GET', '/api/games/:id/results', { query: gameResultsQuerySchema, answer: responseSchemas.GameResults }),
    classGames: contract('GET', '/api/classes/:id/games', { answer: responseSchemas.GameSummaries }),
  }
}
