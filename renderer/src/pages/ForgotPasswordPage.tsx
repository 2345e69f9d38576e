import { ForgotPasswordForm } from '@/features/auth/ForgotPasswordForm'

/** /forgot-password: ask for a reset link. */
export function ForgotPasswordPage() {
  return <ForgotPasswordForm />
}
