import { Link } from 'react-router-dom'
import { useAuth } from '@/features/auth'
import { useServerData } from '@/lib/server-data'
import { reviewApi } from './review-api'
import styles from './SetReviewLink.module.css'
import { useT } from '@/lib/i18n'

/**
 * On a set: how many of its cards are due for the signed-in student, and the way to review just
 * those. Nothing for a visitor or when the count cannot be read.
 */
export function SetReviewLink({ setId }: { setId: string }) {
  const t = useT()
  const userId = useAuth()?.user.id
  const loaded = useServerData(userId ? `set-due:${userId}:${setId}` : null, (signal) => reviewApi.due({ setId, perPage: 1 }, signal))
  const due = loaded.state === 'ready' ? loaded.data.totalItems : null
  if (due === null) return null
  return (
    <p className={styles.due}>
      <span data-testid="set-due-count">{due === 0 ? t('review.setLink.none') : t('review.setLink.due', { count: due })}</span>
      {due > 0 && (
        <Link to={`/review?set=${encodeURIComponent(setId)}`} className="button button-secondary">
          {t('review.setLink.action')}
        </Link>
      )}
    </p>
  )
}
