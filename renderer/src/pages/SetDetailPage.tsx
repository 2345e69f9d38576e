import { useParams } from 'react-router-dom'
import { SetDetail } from '@/features/sets/SetDetail'

/** /study-sets/:id: one set, its Terms and Flashcards views. */
export function SetDetailPage() {
  const { id = '' } = useParams()
  return <SetDetail setId={id} />
}
