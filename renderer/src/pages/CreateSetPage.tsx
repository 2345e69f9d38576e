import { CreateSet } from '@/features/sets/CreateSet'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /study-sets/create: a new study set. */
export function CreateSetPage() {
  const t = useT()
  useDocumentTitle(t('sets.create.title'))
  return <CreateSet />
}
