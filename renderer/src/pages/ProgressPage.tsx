import { ProgressView } from '@/features/review/ProgressView'

/** /progress (signed in): reviews, retention, the due forecast and mastery per set. */
export function ProgressPage() {
  return <ProgressView />
}
