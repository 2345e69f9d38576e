import { PendingVerification } from '@/features/auth/PendingVerification'

/** /pending-verification: waiting for the verification email. */
export function PendingVerificationPage() {
  return <PendingVerification />
}
