import { useParams } from 'react-router-dom'
import { ResetPasswordForm } from '@/features/auth/ResetPasswordForm'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /reset-password/:token: choose a new password. */
export function ResetPasswordPage() {
  const t = useT()
  useDocumentTitle(t('auth.reset.title'))
  const { token } = useParams()
  return <ResetPasswordForm token={token} />
}
