import type { ChangePasswordInput, ConfirmEmailChangeInput, ConfirmPasswordResetInput, LoginInput, RegisterInput } from '#shared/api/auth'
import { api } from '@/lib/api'

/** The account calls of the API (GET /api/openapi.json), typed by their contracts (shared/api/contracts/accounts.ts). */
export const authApi = {
  register: (input: RegisterInput) => api('POST /api/auth/register', { body: input }),
  requestVerification: (email: string) => api('POST /api/auth/request-verification', { body: { email } }),
  confirmVerification: (token: string) => api('POST /api/auth/confirm-verification', { body: { token } }),
  login: (input: LoginInput) => api('POST /api/auth/login', { body: input }),
  refresh: (token?: string) => api('POST /api/auth/refresh', { token }),
  logout: (token: string) => api('POST /api/auth/logout', { token }),
  requestPasswordReset: (email: string) => api('POST /api/auth/request-password-reset', { body: { email } }),
  confirmPasswordReset: (input: ConfirmPasswordResetInput) => api('POST /api/auth/confirm-password-reset', { body: input }),
  me: () => api('GET /api/users/me'),
  changePassword: (input: ChangePasswordInput) => api('PATCH /api/users/me', { body: input }),
  requestEmailChange: (newEmail: string) => api('POST /api/auth/request-email-change', { body: { newEmail } }),
  confirmEmailChange: (input: ConfirmEmailChangeInput) => api('POST /api/auth/confirm-email-change', { body: input }),
  deleteAccount: (password: string) => api('DELETE /api/users/me', { body: { password } }),
}
