import { ClassSetsSection } from '@/features/classes'
import { MySets } from '@/features/sets/MySets'

/** /my-sets: the signed-in user's sets, then the sets assigned to the classes they are in. */
export function MySetsPage() {
  return (
    <>
      <MySets />
      <ClassSetsSection />
    </>
  )
}
