import { contract } from '#shared/api/contract'
import { memorySchemas } from '#shared/api/memory'
import { responseSchemas } from '#shared/api/responses'
import { studySchemas } from '#shared/api/study'

/** The study records: answers, Learn sessions, progress, Match results and the Progress page's numbers. */
export const studyContracts = {
  createSession: contract('POST', '/api/sets/:id/learning-sessions', { body: studySchemas.createSession, answer: responseSchemas.LearningSession }),
  updateSession: contract('PATCH', '/api/learning-sessions/:sid', { body: studySchemas.updateSession, answer: responseSchemas.LearningSession }),
  progress: contract('GET', '/api/sets/:id/progress', { answer: responseSchemas.Progress }),
  answer: contract('POST', '/api/sets/:id/answers', { body: studySchemas.answer, answer: responseSchemas.AnswerResult }),
  matchResult: contract('POST', '/api/sets/:id/match-results', { body: studySchemas.matchResult, answer: responseSchemas.MatchResult }),
  bestMatchTime: contract('GET', '/api/sets/:id/match-results/best', { answer: responseSchemas.BestMatchTime }),
  stats: contract('GET', '/api/users/me/stats', { query: memorySchemas.statsQuery, answer: responseSchemas.MemoryStats }),
}

/** The memory model: due counts, due cards, the student's settings and review log. */
export const memoryContracts = {
  summary: contract('GET', '/api/review/summary', { query: memorySchemas.summaryQuery, answer: responseSchemas.ReviewSummary }),
  due: contract('GET', '/api/review/due', { query: memorySchemas.dueQuery, answer: responseSchemas.DueItemList }),
  settings: contract('GET', '/api/users/me/settings', { answer: responseSchemas.MemorySettings }),
  updateSettings: contract('PATCH', '/api/users/me/settings', { body: memorySchemas.updateSettings, answer: responseSchemas.MemorySettings }),
  reviewLog: contract('GET', '/api/users/me/review-log', { query: memorySchemas.reviewLogQuery, answer: 'file' }),
}
