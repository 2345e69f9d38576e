import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { MemoryStats } from '#shared/api/memory'
import { offlineMessages } from '#shared/messages'
import { errorMessage, isNetworkFailure } from '@/lib/api'
import { OfflineDeadEnd } from '@/features/offline'
import { BarChart } from './BarChart'
import { reviewApi } from './review-api'
import styles from './Progress.module.css'

/** Days of reviews shown. */
const DAYS = 30

/** "Nov 24" from "2026-11-24" (a UTC day, as the server counts them). */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })
const percent = (value: number) => `${Math.round(value * 100)}%`

/**
 * /progress: the student's reviews per day (30 days), predicted retention, the 14-day due
 * forecast and each set's mastery, as small SVG charts with the same numbers in tables.
 */
export function ProgressView() {
  const [stats, setStats] = useState<MemoryStats | null>(null)
  const [error, setError] = useState('')
  // Offline the charts cannot be worked out: say why and show what the device holds instead.
  const [offline, setOffline] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    reviewApi.stats(DAYS, controller.signal).then(setStats, (failure: unknown) => {
      if ((failure as Error).name === 'AbortError') return
      if (isNetworkFailure(failure)) setOffline(true)
      else setError(errorMessage(failure))
    })
    return () => controller.abort()
  }, [])

  return (
    <div className={styles.page}>
      <h1>Progress</h1>
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
      {offline && <OfflineDeadEnd message={offlineMessages.progressOffline} />}
      {!stats && !error && !offline && (
        <p className="muted" role="status">
          Loading your progress...
        </p>
      )}
      {stats && <ProgressCharts stats={stats} />}
    </div>
  )
}

function ProgressCharts({ stats }: { stats: MemoryStats }) {
  const totalReviews = stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0)
  const dueTotal = stats.dueForecast.reduce((sum, day) => sum + day.due, 0)
  return (
    <>
      <section className={styles.section} aria-labelledby="retention-heading">
        <h2 id="retention-heading">Predicted retention</h2>
        <p className={styles.big} data-testid="retention">
          {stats.retention === null ? 'No reviews yet' : percent(stats.retention)}
        </p>
        <p className="muted">The chance, on average, that you would recall each card you have studied if asked now.</p>
        {totalReviews === 0 && dueTotal === 0 && (
          <p>
            Study a set to see your progress here, then <Link to="/review">review</Link> the cards as they fall due.
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews per day</h2>
        <p className="muted">
          The last {stats.reviewsPerDay.length} days: {totalReviews} {totalReviews === 1 ? 'review' : 'reviews'}. Darker: answered right.
        </p>
        <div className={styles.chart}>
          <BarChart
            bars={stats.reviewsPerDay.map((day) => ({ label: shortDay(day.day), value: day.reviews, part: day.correct }))}
            color="var(--color-border)"
            partColor="var(--color-accent)"
          />
        </div>
        <table className={styles.table}>
          <caption>Reviews per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Reviews</th>
              <th scope="col">Right</th>
            </tr>
          </thead>
          <tbody>
            {stats.reviewsPerDay.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{shortDay(day.day)}</time>
                </th>
                <td>{day.reviews}</td>
                <td>{day.correct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.section} aria-labelledby="forecast-heading">
        <h2 id="forecast-heading">Due in the next 14 days</h2>
        <p className="muted">Today includes every card already overdue.</p>
        <div className={styles.chart}>
          <BarChart bars={stats.dueForecast.map((day) => ({ label: shortDay(day.day), value: day.due }))} color="var(--color-primary)" />
        </div>
        <table className={styles.table}>
          <caption>Cards due per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Cards due</th>
            </tr>
          </thead>
          <tbody>
            {stats.dueForecast.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{shortDay(day.day)}</time>
                </th>
                <td>{day.due}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.section} aria-labelledby="mastery-heading">
        <h2 id="mastery-heading">Mastery per set</h2>
        {stats.sets.length === 0 ? (
          <p className="muted">No set answered in Learn, Write, Review or Test yet.</p>
        ) : (
          <>
            <ul className={styles.masteryBars} aria-hidden="true">
              {stats.sets.map((set) => (
                <li key={set.setId}>
                  <span className={styles.setName}>{set.title}</span>
                  <MasteryBar
                    mastered={set.mastered}
                    learning={set.learning}
                    needsReview={set.needsReview}
                    total={Math.max(set.cardCount, set.mastered + set.learning + set.needsReview)}
                  />
                </li>
              ))}
            </ul>
            <table className={styles.table}>
              <caption>Cards of each set by mastery</caption>
              <thead>
                <tr>
                  <th scope="col">Set</th>
                  <th scope="col">Mastered</th>
                  <th scope="col">Learning</th>
                  <th scope="col">Needs review</th>
                  <th scope="col">Cards</th>
                </tr>
              </thead>
              <tbody>
                {stats.sets.map((set) => (
                  <tr key={set.setId}>
                    <th scope="row">
                      <Link to={`/study-sets/${encodeURIComponent(set.setId)}`}>{set.title}</Link>
                    </th>
                    <td>{set.mastered}</td>
                    <td>{set.learning}</td>
                    <td>{set.needsReview}</td>
                    <td>{set.cardCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </>
  )
}

/** One set's cards as a stacked bar: mastered, learning, needs review, and not yet answered. */
function MasteryBar({ mastered, learning, needsReview, total }: { mastered: number; learning: number; needsReview: number; total: number }) {
  const width = (count: number) => (total === 0 ? 0 : (count / total) * 100)
  let x = 0
  const parts: Array<[number, string]> = [
    [mastered, 'var(--color-success)'],
    [learning, 'var(--color-warning)'],
    [needsReview, 'var(--color-danger)'],
  ]
  return (
    <svg viewBox="0 0 100 8" preserveAspectRatio="none" width="100%" height="14" focusable="false" className={styles.masteryBar}>
      <rect x={0} y={0} width={100} height={8} fill="var(--color-border)" />
      {parts.map(([count, color]) => {
        const rect = <rect key={color} x={x} y={0} width={width(count)} height={8} fill={color} />
        x += width(count)
        return rect
      })}
    </svg>
  )
}
