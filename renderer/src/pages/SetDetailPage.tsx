import { lazy } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import { StartGameLink } from '@/features/games'
import { AvailableOfflineToggle, OfflineDeadEnd } from '@/features/offline'
import { SetReviewLink } from '@/features/review'
import { SetDetail, type SetPageParts } from '@/features/sets/SetDetail'
import { StarredOnlyChoice } from '@/features/stars'
import { FlashcardView, TermsList } from '@/features/study'
import { StudySlots } from './StudySlots'

/** Loaded the first time it is opened. */
const ExportDialog = lazy(() => import('@/features/import-export').then((m) => ({ default: m.ExportDialog })))

/** The other features' parts of the set page: offline, Review, live games, stars, the study views, export. */
const parts: SetPageParts = {
  offlineDeadEnd: (message) => <OfflineDeadEnd message={message} />,
  offlineToggle: (setId) => <AvailableOfflineToggle setId={setId} />,
  reviewLink: (setId) => <SetReviewLink setId={setId} />,
  gameLink: (setId) => <StartGameLink setId={setId} />,
  starredChoice: (props) => <StarredOnlyChoice {...props} />,
  terms: (props) => <TermsList {...props} />,
  flashcards: (props) => <FlashcardView {...props} />,
  exportDialog: (props) => <ExportDialog {...props} />,
}

/**
 * /study-sets/:id: one set, its Terms and Flashcards views. A folder studied as one set
 * (`folder:<id>`, the study modes' way back) is its folder's page; sets studied together go back to My Sets.
 */
export function SetDetailPage() {
  const { id = '' } = useParams()
  if (id.startsWith('folder:')) return <Navigate to={`/folders/${encodeURIComponent(id.slice('folder:'.length))}`} replace />
  if (id.startsWith('together:')) return <Navigate to="/my-sets" replace />
  return (
    <StudySlots>
      <SetDetail setId={id} parts={parts} />
    </StudySlots>
  )
}
