import type { MemoryStats } from '#shared/api/memory'
import { activityWeeks, activityLevel } from './activity'
import styles from './Progress.module.css'
import { useT } from '@/lib/i18n'

const CELL = 10
const GAP = 2
const LEVEL_COLORS = [
  'var(--color-border)',
  'color-mix(in srgb, var(--color-accent) 35%, transparent)',
  'color-mix(in srgb, var(--color-accent) 65%, transparent)',
  'var(--color-accent)',
]

/**
 * The Progress page's streaks and its calendar heat map of the last year (issue 31): one square
 * per day in the student's time zone, a column per week, darker for more answers; plain SVG as the
 * other charts, with the numbers in words beside it.
 */
export function ActivityCalendar({ stats }: { stats: Pick<MemoryStats, 'streak' | 'goal' | 'activity'> }) {
  const t = useT()
  const weeks = activityWeeks(stats.activity)
  const max = Math.max(0, ...stats.activity.map((day) => day.reviews))
  const activeDays = stats.activity.filter((day) => day.reviews > 0).length
  const width = weeks.length * (CELL + GAP)
  return (
    <section className={styles.section} aria-labelledby="streak-heading">
      <h2 id="streak-heading">{t('progress.streak.heading')}</h2>
      <dl className={styles.streak}>
        <div>
          <dt>{t('progress.streak.current')}</dt>
          <dd data-testid="streak-current">{t('progress.streak.days', { count: stats.streak.current })}</dd>
        </div>
        <div>
          <dt>{t('progress.streak.longest')}</dt>
          <dd data-testid="streak-longest">{t('progress.streak.days', { count: stats.streak.longest })}</dd>
        </div>
        <div>
          <dt>{t('progress.streak.today')}</dt>
          <dd data-testid="goal-today">{t('progress.streak.goal', { done: stats.goal.doneToday, target: stats.goal.target })}</dd>
        </div>
      </dl>
      <p className="muted">{t('progress.calendar.text', { count: activeDays })}</p>
      {/* Focusable: on a phone the year scrolls sideways, by keyboard too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <div className={styles.calendar} tabIndex={0} role="group" aria-label={t('progress.calendar.label')}>
        <svg
          viewBox={`0 0 ${width} ${7 * (CELL + GAP)}`}
          width={width}
          height={7 * (CELL + GAP)}
          role="img"
          aria-label={t('progress.calendar.image', { count: activeDays })}
        >
          {weeks.map((week, column) =>
            week.map((day, row) =>
              day ? (
                <rect
                  key={day.day}
                  x={column * (CELL + GAP)}
                  y={row * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  fill={LEVEL_COLORS[activityLevel(day.reviews, max)]}
                  data-day={day.day}
                  data-reviews={day.reviews}
                >
                  <title>{t('progress.calendar.day', { day: day.day, count: day.reviews })}</title>
                </rect>
              ) : null,
            ),
          )}
        </svg>
      </div>
    </section>
  )
}
