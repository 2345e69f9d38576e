import { useParams } from 'react-router-dom'
import { VerifyEmail } from '@/features/auth/VerifyEmail'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /verify-email/:token: confirm the address of a new account. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email')
  const { token } = useParams()
  return <VerifyEmail token={token} />
}
