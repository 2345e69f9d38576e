import { TermsOfService } from '@/features/legal/TermsOfService'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /terms-of-service. */
export function TermsOfServicePage() {
  const t = useT()
  useDocumentTitle(t('shell.footer.terms'))
  return <TermsOfService />
}
