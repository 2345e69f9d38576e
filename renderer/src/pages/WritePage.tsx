import { useParams } from 'react-router-dom'
import { WriteMode } from '@/features/study/write/WriteMode'

/** /study-sets/:id/write: Write mode (docs/study-rules.md). */
export function WritePage() {
  const { id = '' } = useParams()
  return <WriteMode setId={id} />
}
