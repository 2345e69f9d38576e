import { Landing } from '@/features/landing/Landing'

/** /: the landing page (bundled with the shell). */
export function HomePage() {
  return <Landing />
}
