import { Landing } from '@/features/landing/Landing'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /: the landing page (bundled with the shell). */
export function HomePage() {
  useDocumentTitle()
  return <Landing />
}
