import { PendingVerification } from '@/features/auth/PendingVerification'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /pending-verification: waiting for the verification email. */
export function PendingVerificationPage() {
  useDocumentTitle('Verify Your Email')
  return <PendingVerification />
}
