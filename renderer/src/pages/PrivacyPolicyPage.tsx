import { PrivacyPolicy } from '@/features/legal/PrivacyPolicy'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy')
  return <PrivacyPolicy />
}
