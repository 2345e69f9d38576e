import { useParams } from 'react-router-dom'
import { JoinClass } from '@/features/classes/JoinClass'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /classes/join/:code: the join link a teacher shares. */
export function JoinClassPage() {
  useDocumentTitle('Join a class')
  const { code = '' } = useParams()
  return <JoinClass key={code} code={code} />
}
