import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { MemoryStats } from '#shared/api/memory'
import { DUE_FORECAST_DAYS } from '#shared/limits'
import { errorMessage, isNetworkFailure } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { ActivityCalendar } from './ActivityCalendar'
import { BarChart } from './BarChart'
import { reviewApi } from './review-api'
import styles from './Progress.module.css'
import { formatDay, T, useShared, useT } from '@/lib/i18n'
import { FormError } from '@/components/FormError'

/** Days of reviews shown. */
const DAYS = 30

/** "Nov 24" from "2026-11-24" (a UTC day, as the server counts them). */
const shortDay = (day: string) => formatDay(day)

/**
 * /progress: the student's reviews per day (30 days), predicted retention, the 14-day due
 * forecast and each set's mastery, as small SVG charts with the same numbers in tables. Offline it
 * shows `offlineDeadEnd` (the page hands in the offline feature's) with the reason.
 */
export function ProgressView({ offlineDeadEnd }: { offlineDeadEnd: (message: string) => ReactNode }) {
  const t = useT()
  const offlineMessages = useShared('offlineMessages')
  const loaded = useServerData(`stats:${DAYS}`, (signal) => reviewApi.stats(DAYS, signal))
  const stats = loaded.state === 'ready' ? loaded.data : null
  // Offline the charts cannot be worked out: say why and show what the device holds instead.
  const offline = loaded.state === 'failed' && isNetworkFailure(loaded.error)
  const error = loaded.state === 'failed' && !offline ? errorMessage(loaded.error) : ''

  return (
    <div className={styles.page}>
      <h1>{t('progress.title')}</h1>
      <FormError message={error} />
      {offline && offlineDeadEnd(offlineMessages.progressOffline)}
      {!stats && !error && !offline && (
        <p className="muted" role="status">
          {t('progress.loading')}
        </p>
      )}
      {stats && <ProgressCharts stats={stats} />}
    </div>
  )
}

function ProgressCharts({ stats }: { stats: MemoryStats }) {
  const t = useT()
  const totalReviews = stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0)
  const dueTotal = stats.dueForecast.reduce((sum, day) => sum + day.due, 0)
  return (
    <>
      <ActivityCalendar stats={stats} />
      <section className={styles.section} aria-labelledby="retention-heading">
        <h2 id="retention-heading">{t('progress.retention.heading')}</h2>
        <p className={styles.big} data-testid="retention">
          {stats.retention === null ? t('progress.retention.none') : t('common.percent', { value: Math.round(stats.retention * 100) })}
        </p>
        <p className="muted">{t('progress.retention.text')}</p>
        {totalReviews === 0 && dueTotal === 0 && (
          <p>
            <T id="progress.empty" components={{ 0: <Link to="/review" /> }} />
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t('progress.reviews.heading')}</h2>
        <p className="muted">{t('progress.reviews.text', { days: stats.reviewsPerDay.length, count: totalReviews })}</p>
        <div className={styles.chart}>
          <BarChart
            bars={stats.reviewsPerDay.map((day) => ({ label: shortDay(day.day), value: day.reviews, part: day.correct }))}
            color="var(--color-border)"
            partColor="var(--color-accent)"
          />
        </div>
        <table className={styles.table}>
          <caption>{t('progress.reviews.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('progress.column.day')}</th>
              <th scope="col">{t('progress.column.reviews')}</th>
              <th scope="col">{t('progress.column.right')}</th>
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
        <h2 id="forecast-heading">{t('progress.forecast.heading', { days: DUE_FORECAST_DAYS })}</h2>
        <p className="muted">{t('progress.forecast.text')}</p>
        <div className={styles.chart}>
          <BarChart bars={stats.dueForecast.map((day) => ({ label: shortDay(day.day), value: day.due }))} color="var(--color-primary)" />
        </div>
        <table className={styles.table}>
          <caption>{t('progress.forecast.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('progress.column.day')}</th>
              <th scope="col">{t('progress.column.cardsDue')}</th>
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
        <h2 id="mastery-heading">{t('progress.mastery.heading')}</h2>
        {stats.sets.length === 0 ? (
          <p className="muted">{t('progress.mastery.none')}</p>
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
              <caption>{t('progress.mastery.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('progress.column.set')}</th>
                  <th scope="col">{t('progress.column.mastered')}</th>
                  <th scope="col">{t('progress.column.learning')}</th>
                  <th scope="col">{t('progress.column.needsReview')}</th>
                  <th scope="col">{t('progress.column.cards')}</th>
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
