import { lazy } from 'react'
import { ClassSetsSection } from '@/features/classes'
import { FolderOrganizer, FoldersSection, SetFolderTools, StudyTogetherBar } from '@/features/folders'
import { type ImportDialogSlot, MySets } from '@/features/sets/MySets'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** Loaded the first time it is opened (it brings the CSV parser). */
const ImportDialog = lazy(() => import('@/features/import-export').then((m) => ({ default: m.ImportDialog })))
const importDialog: ImportDialogSlot = (props) => <ImportDialog {...props} />

/** /my-sets: the signed-in user's folders, their sets (to file in folders or study together), then the sets of their classes. */
export function MySetsPage() {
  const t = useT()
  useDocumentTitle(t('nav.mySets'))
  return (
    <FolderOrganizer>
      <MySets importDialog={importDialog} before={<FoldersSection />} cardExtra={(set) => <SetFolderTools set={set} />} />
      <StudyTogetherBar />
      <ClassSetsSection />
    </FolderOrganizer>
  )
}
