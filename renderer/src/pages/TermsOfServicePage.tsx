import { TermsOfService } from '@/features/legal/TermsOfService'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /terms-of-service. */
export function TermsOfServicePage() {
  useDocumentTitle('Terms of Service')
  return <TermsOfService />
}
