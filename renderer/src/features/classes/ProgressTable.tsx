import { useState } from 'react'
import type { ClassProgressItem } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { saveBlob } from '@/lib/browser'
import { classesApi } from './classes-api'
import { nextSort, PROGRESS_COLUMNS, type ProgressColumn, type ProgressSort, sortProgress } from './progress-table'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { formatDateTime, useT } from '@/lib/i18n'
import { FormError } from '@/components/FormError'

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
  const t = useT()
  const { loaded } = useServerData(`class-progress:${classId}:${round}`, (signal) => classesApi.progress(classId, signal))
  const [sort, setSort] = useState<ProgressSort>({ column: 'username', direction: 'ascending' })
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState('')

  const download = async () => {
    setDownloading(true)
    setDownloadError('')
    try {
      const { blob, fileName } = await classesApi.progressCsv(classId)
      saveBlob(blob, fileName ?? t('classes.progress.fileName', { name: className }))
    } catch (failure) {
      setDownloadError(errorMessage(failure))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="progress-heading">
      <div className={styles.head}>
        <h2 id="progress-heading">{t('classes.progress.title')}</h2>
        <button type="button" className="button button-secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('classes.progress.downloading') : t('classes.progress.download')}
        </button>
      </div>
      <FormError message={downloadError} />
      {loaded.state === 'loading' && <p className="muted">{t('classes.progress.loading')}</p>}
      {loaded.state === 'failed' && <FormError message={errorMessage(loaded.error)} />}
      {loaded.state === 'ready' &&
        (loaded.data.items.length === 0 ? (
          <p className="muted">{t('classes.progress.empty')}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('classes.progress.table')}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('classes.progress.caption')}</caption>
              <thead>
                <tr>
                  {PROGRESS_COLUMNS.map(({ column, label }) => (
                    <HeaderCell key={column} column={column} label={t(label)} sort={sort} onSort={(next) => setSort(nextSort(sort, next))} />
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
  const t = useT()
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
      <td>{item.lastStudied ? formatDateTime(item.lastStudied) : t('classes.progress.never')}</td>
      <td>{item.finishedByDue === null ? t('classes.progress.noDueDate') : item.finishedByDue ? t('classes.progress.yes') : t('classes.progress.no')}</td>
    </tr>
  )
}
