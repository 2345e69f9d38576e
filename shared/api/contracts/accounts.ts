import {
  changePasswordSchema,
  confirmEmailChangeSchema,
  confirmPasswordResetSchema,
  deleteAccountSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  requestEmailChangeSchema,
  tokenOnlySchema,
} from '#shared/api/auth'
import { contract } from '#shared/api/contract'
import { responseSchemas } from '#shared/api/responses'

/** Accounts: registration, emailed links, sessions and the account itself. */
export const accountContracts = {
  register: contract('POST', '/api/auth/register', { body: registerSchema, answer: responseSchemas.UserResponse }),
  requestVerification: contract('POST', '/api/auth/request-verification', { body: emailOnlySchema, answer: null }),
  confirmVerification: contract('POST', '/api/auth/confirm-verification', { body: tokenOnlySchema, answer: null }),
  login: contract('POST', '/api/auth/login', { body: loginSchema, answer: responseSchemas.AuthResponse }),
  refresh: contract('POST', '/api/auth/refresh', { answer: responseSchemas.AuthResponse }),
  logout: contract('POST', '/api/auth/logout', { answer: null }),
  requestPasswordReset: contract('POST', '/api/auth/request-password-reset', { body: emailOnlySchema, answer: null }),
  confirmPasswordReset: contract('POST', '/api/auth/confirm-password-reset', { body: confirmPasswordResetSchema, answer: null }),
  requestEmailChange: contract('POST', '/api/auth/request-email-change', { body: requestEmailChangeSchema, answer: null }),
  confirmEmailChange: contract('POST', '/api/auth/confirm-email-change', { body: confirmEmailChangeSchema, answer: null }),
  me: contract('GET', '/api/users/me', { answer: responseSchemas.UserResponse }),
  changePassword: contract('PATCH', '/api/users/me', { body: changePasswordSchema, answer: responseSchemas.AuthResponse }),
  deleteAccount: contract('DELETE', '/api/users/me', { body: deleteAccountSchema, answer: null }),
  realtime: contract('GET', '/api/realtime', { answer: 'file' }),
}
