import { useId } from 'react'
import styles from './SetFilters.module.css'
import type { SetFiltersState } from './useSetFilters'
import { useT } from '@/lib/i18n'

interface TagFilterProps {
  available: readonly string[]
  selected: readonly string[]
  onToggle: (tag: string) => void
}

/** Tag toggle buttons; a set must carry every selected tag (AND). */
export function TagFilter({ available, selected, onToggle }: TagFilterProps) {
  const t = useT()
  const labelId = useId()
  // A tag picked from the address may no longer exist: keep it visible so it can be turned off.
  const tags = [...available, ...selected.filter((tag) => !available.includes(tag))]
  if (tags.length === 0) return null
  return (
    <div className={styles.tagFilter} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.tagLabel}>
        {t('sets.filter.byTag')}
      </span>
      <div className={styles.tagButtons}>
        {tags.map((tag) => {
          const pressed = selected.includes(tag)
          return (
            <button
              key={tag}
              type="button"
              className={`${styles.tagButton} ${pressed ? styles.tagButtonOn : ''}`}
              aria-pressed={pressed}
              onClick={() => onToggle(tag)}
            >
              {tag}
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** The search box and tag filter above a set grid. */
export function SetFilters({ filters, tags }: { filters: SetFiltersState; tags: readonly string[] }) {
  const t = useT()
  const searchId = useId()
  return (
    <div className={styles.filters}>
      <form className={styles.searchRow} role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('sets.filter.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={t('sets.filter.placeholder')}
          value={filters.draft}
          onChange={(e) => filters.setDraft(e.target.value)}
          maxLength={200}
        />
        {filters.active && (
          <button type="button" className="button button-secondary" onClick={filters.clear}>
            {t('sets.filter.clear')}
          </button>
        )}
      </form>
      <TagFilter available={tags} selected={filters.tags} onToggle={filters.toggleTag} />
    </div>
  )
}
