import { Classes } from '@/features/classes/Classes'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /classes: the classes the user teaches and has joined. */
export function ClassesPage() {
  const t = useT()
  useDocumentTitle(t('nav.classes'))
  return <Classes />
}
