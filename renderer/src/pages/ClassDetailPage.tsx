import { useParams } from 'react-router-dom'
import { ClassDetail } from '@/features/classes/ClassDetail'

/** /classes/:id: one class, as its teacher or a student sees it. */
export function ClassDetailPage() {
  const { id = '' } = useParams()
  return <ClassDetail key={id} id={id} />
}
