/** The API shapes of accounts (the `User` and `AuthResponse` schemas of GET /api/openapi.json, from ./responses.ts). */
export interface Plan {
  id: string
  name: string
}

export interface User {
  id: string
  username: string
  /** Present only when the user reads their own record. */
  email?: string
  verified: boolean
  plan: Plan
  created: string
  updated: string
}

/** How other users appear in the API. */
export interface PublicUser {
  id: string
  username: string
}

export interface AuthResponse {
  token: string
  user: User
}

export interface UserResponse {
  user: User
}

/** Events of GET /api/realtime. */
export type RealtimeEvent = { type: 'user.updated'; data: { tokenKeyChanged: boolean; user?: User } } | { type: 'user.deleted'; data: { id: string } }
