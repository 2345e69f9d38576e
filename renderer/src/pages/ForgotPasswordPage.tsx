import { ForgotPasswordForm } from '@/features/auth/ForgotPasswordForm'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /forgot-password: ask for a reset link. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password')
  return <ForgotPasswordForm />
}
