import { useParams } from 'react-router-dom'
import { WriteMode } from '@/features/study/write/WriteMode'

/** /study-sets/:id/write: Write mode (spec section 6). */
export function WritePage() {
  const { id = '' } = useParams()
  return <WriteMode setId={id} />
}
