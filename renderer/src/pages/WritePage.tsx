import { useParams } from 'react-router-dom'
import { WriteMode } from '@/features/study/write/WriteMode'
import { StudySlots } from './StudySlots'

/** /study-sets/:id/write: Write mode (docs/study-rules.md). */
export function WritePage() {
  const { id = '' } = useParams()
  return (
    <StudySlots>
      <WriteMode setId={id} />
    </StudySlots>
  )
}
