import { useParams } from 'react-router-dom'
import { VerifyEmail } from '@/features/auth/VerifyEmail'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /verify-email/:token: confirm the address of a new account. */
export function VerifyEmailPage() {
  const t = useT()
  useDocumentTitle(t('auth.verify.pageTitle'))
  const { token } = useParams()
  return <VerifyEmail token={token} />
}
