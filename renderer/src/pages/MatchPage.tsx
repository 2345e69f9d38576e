import { useParams } from 'react-router-dom'
import { MatchMode } from '@/features/study/match/MatchMode'
import { StudySlots } from './StudySlots'

/** /study-sets/:id/match: Match mode (docs/study-rules.md). */
export function MatchPage() {
  const { id = '' } = useParams()
  return (
    <StudySlots>
      <MatchMode setId={id} />
    </StudySlots>
  )
}
