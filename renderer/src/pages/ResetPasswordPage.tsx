import { useParams } from 'react-router-dom'
import { ResetPasswordForm } from '@/features/auth/ResetPasswordForm'

/** /reset-password/:token: choose a new password. */
export function ResetPasswordPage() {
  const { token } = useParams()
  return <ResetPasswordForm token={token} />
}
