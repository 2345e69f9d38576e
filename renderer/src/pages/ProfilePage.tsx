import { Profile } from '@/features/profile/Profile'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /profile: the account page. */
export function ProfilePage() {
  useDocumentTitle('Profile')
  return <Profile />
}
