import type { ReactNode } from 'react'
import type { StudySet } from '#shared/api/sets'
import { SetGrid } from './SetCard'
import styles from './SetResults.module.css'
import type { useSetList } from './useSetList'
import { FormError } from '@/components/FormError'
import { formatNumber, useShared, useT } from '@/lib/i18n'

interface SetResultsProps {
  list: ReturnType<typeof useSetList>
  renderCard: (set: StudySet) => ReactNode
  /** Shown instead of 'No study sets found' when nothing matches and no filter is set. */
  emptyWithoutFilters?: ReactNode
  filtersActive: boolean
}

/** The grid of a set list with its loading, empty and error states and the Load More button. */
export function SetResults({ list, renderCard, emptyWithoutFilters, filtersActive }: SetResultsProps) {
  const t = useT()
  const setMessages = useShared('setMessages')
  // A failure says so in red; a first page that failed offers Retry (after a later page, Load More tries again).
  const error = list.error ? <FormError message={list.error} /> : null

  if (list.status === 'loading' && list.sets.length === 0) {
    return (
      <p className="muted" role="status">
        {setMessages.loadingSets}
      </p>
    )
  }
  if (list.status === 'error') {
    return (
      <div className={styles.failed}>
        {error}
        <button type="button" className="button button-secondary" onClick={list.reload}>
          {t('sets.results.retry')}
        </button>
      </div>
    )
  }
  if (list.sets.length === 0) {
    if (!filtersActive && emptyWithoutFilters) return <div className={styles.empty}>{emptyWithoutFilters}</div>
    return (
      <div className={styles.empty} role="status">
        <p className={styles.emptyTitle}>{setMessages.noSetsFound}</p>
        <p className="muted">{setMessages.noSetsHint}</p>
      </div>
    )
  }
  return (
    <div className={styles.results}>
      <p className={`muted ${styles.summary}`} role="status">
        {t('sets.results.showing', { shown: formatNumber(list.sets.length), total: list.totalItems })}
      </p>
      <SetGrid sets={list.sets} renderCard={renderCard} busy={list.status === 'loading'} />
      {error}
      {list.hasMore && (
        <button type="button" className={`button button-secondary ${styles.more}`} onClick={list.loadMore} disabled={list.loadingMore}>
          {list.loadingMore ? t('shell.loading') : t('sets.results.loadMore')}
        </button>
      )}
    </div>
  )
}
