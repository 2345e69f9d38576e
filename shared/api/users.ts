import type * as R from './responses'
import type * as Z from 'zod'

/** The API shapes of accounts (their zod schemas are in ./responses.ts, shown by GET /api/openapi.json). */
export type User = Z.output<typeof R.userSchema>
export type Plan = User['plan']
/** How other users appear in the API. */
export type PublicUser = Z.output<typeof R.publicUserSchema>
export type AuthResponse = Z.output<(typeof R.responseSchemas)['AuthResponse']>
export type UserResponse = Z.output<(typeof R.responseSchemas)['UserResponse']>

/** Events of GET /api/realtime. */
export type RealtimeEvent = { type: 'user.updated'; data: { tokenKeyChanged: boolean; user?: User } } | { type: 'user.deleted'; data: { id: string } }
