import { PendingVerification } from '@/features/auth/PendingVerification'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /pending-verification: waiting for the verification email. */
export function PendingVerificationPage() {
  const t = useT()
  useDocumentTitle(t('auth.verifyYourEmail'))
  return <PendingVerification />
}
