import { MySets } from '@/features/sets/MySets'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /my-sets: the signed-in user's sets. */
export function MySetsPage() {
  useDocumentTitle('My Sets')
  return <MySets />
}
