import { useParams } from 'react-router-dom'
import { FolderView } from '@/features/folders'

/** /folders/:id (signed in): one of the student's folders. */
export function FolderPage() {
  const { id = '' } = useParams()
  return <FolderView key={id} folderId={id} />
}
