import type { ChangePasswordInput, ConfirmEmailChangeInput, ConfirmPasswordResetInput, LoginInput, RegisterInput } from '#shared/api/auth'
import type { AuthResponse, UserResponse } from '#shared/api/users'
import { api } from '@/lib/api'

/** The account calls of the API (GET /api/openapi.json), typed by the shared schemas. */
export const authApi = {
  register: (input: RegisterInput) => api.post<UserResponse>('/auth/register', input),
  requestVerification: (email: string) => api.post('/auth/request-verification', { email }),
  confirmVerification: (token: string) => api.post('/auth/confirm-verification', { token }),
  login: (input: LoginInput) => api.post<AuthResponse>('/auth/login', input),
  refresh: (token?: string) => api.post<AuthResponse>('/auth/refresh', undefined, { token }),
  logout: (token: string) => api.post('/auth/logout', undefined, { token }),
  requestPasswordReset: (email: string) => api.post('/auth/request-password-reset', { email }),
  confirmPasswordReset: (input: ConfirmPasswordResetInput) => api.post('/auth/confirm-password-reset', input),
  me: () => api.get<UserResponse>('/users/me'),
  changePassword: (input: ChangePasswordInput) => api.patch<AuthResponse>('/users/me', input),
  requestEmailChange: (newEmail: string) => api.post('/auth/request-email-change', { newEmail }),
  confirmEmailChange: (input: ConfirmEmailChangeInput) => api.post('/auth/confirm-email-change', input),
  deleteAccount: (password: string) => api.delete('/users/me', { password }),
}
