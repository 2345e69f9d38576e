import { useParams } from 'react-router-dom'
import { LearnMode } from '@/features/study/learn/LearnMode'

/** /study-sets/:id/learn: Learn mode (spec section 4). */
export function LearnPage() {
  const { id = '' } = useParams()
  return <LearnMode setId={id} />
}
