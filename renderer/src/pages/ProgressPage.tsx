import { ProgressView } from '@/features/review/ProgressView'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /progress (signed in): reviews, retention, the due forecast and mastery per set. */
export function ProgressPage() {
  const t = useT()
  useDocumentTitle(t('progress.title'))
  return <ProgressView />
}
