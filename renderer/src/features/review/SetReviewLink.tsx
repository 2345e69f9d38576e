import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAuth } from '@/features/auth'
import { reviewApi } from './review-api'
import styles from './SetReviewLink.module.css'

/**
 * On a set: how many of its cards are due for the signed-in student, and the way to review just
 * those. Nothing for a visitor or when the count cannot be read.
 */
export function SetReviewLink({ setId }: { setId: string }) {
  const signedIn = useAuth() !== null
  const [due, setDue] = useState<number | null>(null)
  useEffect(() => {
    setDue(null)
    if (!signedIn) return
    const controller = new AbortController()
    reviewApi.due({ setId, perPage: 1 }, controller.signal).then(
      (answer) => setDue(answer.totalItems),
      () => undefined,
    )
    return () => controller.abort()
  }, [setId, signedIn])
  if (due === null) return null
  return (
    <p className={styles.due}>
      <span data-testid="set-due-count">{due === 0 ? 'No cards due for review' : `${due} ${due === 1 ? 'card' : 'cards'} due for review`}</span>
      {due > 0 && (
        <Link to={`/review?set=${encodeURIComponent(setId)}`} className="button button-secondary">
          Review due cards
        </Link>
      )}
    </p>
  )
}
