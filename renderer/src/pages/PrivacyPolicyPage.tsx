import { PrivacyPolicy } from '@/features/legal/PrivacyPolicy'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  const t = useT()
  useDocumentTitle(t('shell.footer.privacy'))
  return <PrivacyPolicy />
}
