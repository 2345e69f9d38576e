import { useSearchParams } from 'react-router-dom'
import { ReviewSession } from '@/features/review/ReviewSession'

/** /review (signed in): the due cards of every set, or of one (`?set=<id>`). */
export function ReviewPage() {
  const [params] = useSearchParams()
  const setId = params.get('set') ?? undefined
  return <ReviewSession key={setId ?? ''} setId={setId} />
}
