import { useParams } from 'react-router-dom'
import { ResetPasswordForm } from '@/features/auth/ResetPasswordForm'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /reset-password/:token: choose a new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password')
  const { token } = useParams()
  return <ResetPasswordForm token={token} />
}
