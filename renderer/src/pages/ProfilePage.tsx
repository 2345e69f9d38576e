import { Profile } from '@/features/profile/Profile'

/** /profile: the account page. */
export function ProfilePage() {
  return <Profile />
}
