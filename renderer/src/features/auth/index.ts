/** The auth feature's public entry: what other features may use of it. */
export { authApi } from './auth-api'
export { authStore } from './auth-store'
export { forgetSession, logout, signIn, useAuth } from './useAuth'
export { ownAccountChange } from './own-changes'
export { forgetPendingJoin, rememberPendingJoin } from './pending-destination'
