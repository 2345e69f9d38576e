/**
 * Kept so code written against this older module still compiles. The auth code is split by job:
 * sessions and token checks in `sessions.service.ts`, emailed links in `email-links.service.ts`,
 * account changes in `../users/account.service.ts`. Import from those.
 */
export type { AuthState } from './sessions.service'
export { authenticateToken } from './sessions.service'
