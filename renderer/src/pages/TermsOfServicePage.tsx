import { TermsOfService } from '@/features/legal/TermsOfService'

/** /terms-of-service. */
export function TermsOfServicePage() {
  return <TermsOfService />
}
