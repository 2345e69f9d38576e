import { useParams } from 'react-router-dom'
import { FolderView } from '@/features/folders'
import { CompositeFlashcards } from '@/features/study'
import { StudySlots } from './StudySlots'

const flashcards = (studyId: string) => <CompositeFlashcards studyId={studyId} />

/** /folders/:id (signed in): one of the student's folders. */
export function FolderPage() {
  const { id = '' } = useParams()
  return (
    <StudySlots>
      <FolderView key={id} folderId={id} flashcards={flashcards} />
    </StudySlots>
  )
}
