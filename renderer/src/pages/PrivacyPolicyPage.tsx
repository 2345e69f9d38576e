import { PrivacyPolicy } from '@/features/legal/PrivacyPolicy'

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  return <PrivacyPolicy />
}
