import { ClassSetsSection } from '@/features/classes'
import { FolderOrganizer, FoldersSection, SetFolderTools, StudyTogetherBar } from '@/features/folders'
import { MySets } from '@/features/sets/MySets'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /my-sets: the signed-in user's folders, their sets (to file in folders or study together), then the sets of their classes. */
export function MySetsPage() {
  const t = useT()
  useDocumentTitle(t('nav.mySets'))
  return (
    <FolderOrganizer>
      <MySets before={<FoldersSection />} cardExtra={(set) => <SetFolderTools set={set} />} />
      <StudyTogetherBar />
      <ClassSetsSection />
    </FolderOrganizer>
  )
}
