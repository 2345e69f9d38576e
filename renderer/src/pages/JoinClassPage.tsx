import { useParams } from 'react-router-dom'
import { JoinClass } from '@/features/classes/JoinClass'

/** /classes/join/:code: the join link a teacher shares. */
export function JoinClassPage() {
  const { code = '' } = useParams()
  return <JoinClass key={code} code={code} />
}
