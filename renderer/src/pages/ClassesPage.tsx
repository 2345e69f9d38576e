import { Classes } from '@/features/classes/Classes'

/** /classes: the classes the user teaches and has joined. */
export function ClassesPage() {
  return <Classes />
}
