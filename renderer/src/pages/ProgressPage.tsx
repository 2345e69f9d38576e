import { OfflineDeadEnd } from '@/features/offline'
import { ProgressView } from '@/features/review/ProgressView'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

const offlineDeadEnd = (message: string) => <OfflineDeadEnd message={message} />

/** /progress (signed in): reviews, retention, the due forecast and mastery per set. */
export function ProgressPage() {
  const t = useT()
  useDocumentTitle(t('progress.title'))
  return <ProgressView offlineDeadEnd={offlineDeadEnd} />
}
