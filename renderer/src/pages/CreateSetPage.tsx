import { CreateSet } from '@/features/sets/CreateSet'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /study-sets/create: a new study set. */
export function CreateSetPage() {
  useDocumentTitle('Create Study Set')
  return <CreateSet />
}
