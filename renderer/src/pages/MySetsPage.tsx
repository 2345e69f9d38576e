import { ClassSetsSection } from '@/features/classes'
import { MySets } from '@/features/sets/MySets'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /my-sets: the signed-in user's sets, then the sets assigned to the classes they are in. */
export function MySetsPage() {
  useDocumentTitle('My Sets')
  return (
    <>
      <MySets />
      <ClassSetsSection />
    </>
  )
}
