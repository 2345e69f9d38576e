import { useParams } from 'react-router-dom'
import { LearnMode } from '@/features/study/learn/LearnMode'
import { StudySlots } from './StudySlots'

/** /study-sets/:id/learn: Learn mode (docs/study-rules.md). */
export function LearnPage() {
  const { id = '' } = useParams()
  return (
    <StudySlots>
      <LearnMode setId={id} />
    </StudySlots>
  )
}
