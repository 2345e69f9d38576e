import { useState } from 'react'
import type { ClassProgressItem } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { saveBlob } from './browser'
import { classesApi } from './classes-api'
import { nextSort, PROGRESS_COLUMNS, type ProgressColumn, type ProgressSort, sortProgress } from './progress-table'
import { useLoad } from './useLoad'
import styles from './Classes.module.css'

interface ProgressTableProps {
  classId: string
  className: string
  /** Changes when the class changed, to load the progress again. */
  round: number
}

/**
 * The teacher's progress table: one row per student and assigned set (cards studied, mastered,
 * learning and needing review by the mastery rule, due today, last studied), sortable by each
 * column, and the same as a CSV file.
 */
export function ProgressTable({ classId, className, round }: ProgressTableProps) {
  const { loaded } = useLoad((signal) => classesApi.progress(classId, signal), `${classId}:${round}`)
  const [sort, setSort] = useState<ProgressSort>({ column: 'username', direction: 'ascending' })
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState('')

  const download = async () => {
    setDownloading(true)
    setDownloadError('')
    try {
      const { blob, fileName } = await classesApi.progressCsv(classId)
      saveBlob(blob, fileName ?? `${className} progress.csv`)
    } catch (failure) {
      setDownloadError(errorMessage(failure))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="progress-heading">
      <div className={styles.head}>
        <h2 id="progress-heading">Progress</h2>
        <button type="button" className="button button-secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Downloading...' : 'Download CSV'}
        </button>
      </div>
      {downloadError && (
        <p className="alert-error" role="alert">
          {downloadError}
        </p>
      )}
      {loaded.state === 'loading' && <p className="muted">Loading progress...</p>}
      {loaded.state === 'failed' && (
        <p className="alert-error" role="alert">
          {errorMessage(loaded.error)}
        </p>
      )}
      {loaded.state === 'ready' &&
        (loaded.data.items.length === 0 ? (
          <p className="muted">Progress shows here once the class has students and assigned sets.</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Progress table">
            <table className={styles.table}>
              <caption className="visually-hidden">Each student's progress on each assigned set</caption>
              <thead>
                <tr>
                  {PROGRESS_COLUMNS.map(({ column, label }) => (
                    <HeaderCell key={column} column={column} label={label} sort={sort} onSort={(next) => setSort(nextSort(sort, next))} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {sortProgress(loaded.data.items, sort).map((item) => (
                  <ProgressRow key={`${item.userId}:${item.setId}`} item={item} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  )
}

function HeaderCell({ column, label, sort, onSort }: { column: ProgressColumn; label: string; sort: ProgressSort; onSort: (column: ProgressColumn) => void }) {
  const sorted = sort.column === column
  return (
    <th scope="col" aria-sort={sorted ? sort.direction : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{sorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  )
}

function ProgressRow({ item }: { item: ClassProgressItem }) {
  return (
    <tr>
      <th scope="row">{item.username}</th>
      <td>{item.setTitle}</td>
      <td className={styles.number}>
        {item.studied} / {item.cardCount}
      </td>
      <td className={styles.number}>{item.mastered}</td>
      <td className={styles.number}>{item.learning}</td>
      <td className={styles.number}>{item.needsReview}</td>
      <td className={styles.number}>{item.dueToday}</td>
      <td>{item.lastStudied ? new Date(item.lastStudied).toLocaleString() : 'Never'}</td>
      <td>{item.finishedByDue === null ? 'No due date' : item.finishedByDue ? 'Yes' : 'No'}</td>
    </tr>
  )
}
