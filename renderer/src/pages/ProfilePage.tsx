import { Profile } from '@/features/profile/Profile'
import { HabitSettingsPanel, MemorySettingsPanel } from '@/features/review'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** Review's settings on the account page, each a section of it. */
const studySettings = (className?: string) => (
  <>
    <MemorySettingsPanel className={className} />
    <HabitSettingsPanel className={className} />
  </>
)

/** /profile: the account page. */
export function ProfilePage() {
  const t = useT()
  useDocumentTitle(t('profile.title'))
  return <Profile studySettings={studySettings} />
}
