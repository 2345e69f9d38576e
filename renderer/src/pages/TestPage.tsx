import { useParams } from 'react-router-dom'
import { TestMode } from '@/features/study/test/TestMode'
import { StudySlots } from './StudySlots'

/** /study-sets/:id/test: Test mode. */
export function TestPage() {
  const { id = '' } = useParams()
  return (
    <StudySlots>
      <TestMode setId={id} />
    </StudySlots>
  )
}
