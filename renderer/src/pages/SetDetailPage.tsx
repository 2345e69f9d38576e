import { Navigate, useParams } from 'react-router-dom'
import { SetDetail } from '@/features/sets/SetDetail'

/**
 * /study-sets/:id: one set, its Terms and Flashcards views. A folder studied as one set
 * (`folder:<id>`, the study modes' way back) is its folder's page; sets studied together go back to My Sets.
 */
export function SetDetailPage() {
  const { id = '' } = useParams()
  if (id.startsWith('folder:')) return <Navigate to={`/folders/${encodeURIComponent(id.slice('folder:'.length))}`} replace />
  if (id.startsWith('together:')) return <Navigate to="/my-sets" replace />
  return <SetDetail setId={id} />
}
