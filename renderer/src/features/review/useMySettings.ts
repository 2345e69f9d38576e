import { useAuth } from '@/features/auth'
import { useServerData } from '@/lib/server-data'
import { reviewApi } from './review-api'

/**
 * The signed-in student's settings (GET /api/users/me/settings), one load for every part of the
 * page that reads them: the interface language and the time-zone guess on every page, the
 * profile's memory and habit panels. Loaded once a page load and kept up to date by this
 * device's own changes (each save puts the server's answer in place). Nothing (`idle`) for a visitor.
 */
export function useMySettings() {
  const userId = useAuth()?.user.id
  return useServerData(userId ? `my-settings:${userId}` : null, (signal) => reviewApi.settings(signal))
}
