import { Classes } from '@/features/classes/Classes'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /classes: the classes the user teaches and has joined. */
export function ClassesPage() {
  useDocumentTitle('Classes')
  return <Classes />
}
