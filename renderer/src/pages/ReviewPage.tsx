import { useSearchParams } from 'react-router-dom'
import { ReviewSession } from '@/features/review/ReviewSession'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { StudySlots } from './StudySlots'

/** /review (signed in): the due cards of every set, or of one (`?set=<id>`). */
export function ReviewPage() {
  const t = useT()
  useDocumentTitle(t('nav.review'))
  const [params] = useSearchParams()
  const setId = params.get('set') ?? undefined
  return (
    <StudySlots>
      <ReviewSession key={setId ?? ''} setId={setId} />
    </StudySlots>
  )
}
