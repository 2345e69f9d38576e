import { useParams } from 'react-router-dom'
import { VerifyEmail } from '@/features/auth/VerifyEmail'

/** /verify-email/:token: confirm the address of a new account. */
export function VerifyEmailPage() {
  const { token } = useParams()
  return <VerifyEmail token={token} />
}
