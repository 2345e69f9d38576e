import { ForgotPasswordForm } from '@/features/auth/ForgotPasswordForm'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /forgot-password: ask for a reset link. */
export function ForgotPasswordPage() {
  const t = useT()
  useDocumentTitle(t('auth.forgot.title'))
  return <ForgotPasswordForm />
}
