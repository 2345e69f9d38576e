import { Profile } from '@/features/profile/Profile'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /profile: the account page. */
export function ProfilePage() {
  const t = useT()
  useDocumentTitle(t('profile.title'))
  return <Profile />
}
