import { useParams } from 'react-router-dom'
import { TestMode } from '@/features/study/test/TestMode'

/** /study-sets/:id/test: Test mode. */
export function TestPage() {
  const { id = '' } = useParams()
  return <TestMode setId={id} />
}
