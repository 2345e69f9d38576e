import { PublicSets } from '@/features/sets/PublicSets'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /public-sets: every public set. */
export function PublicSetsPage() {
  useDocumentTitle('Public Sets')
  return <PublicSets />
}
