import { SetCard } from '@/features/sets/SetCard'
import { SetFilters } from '@/features/sets/SetFilters'
import { SetResults } from '@/features/sets/SetResults'
import { setsApi } from '@/features/sets/sets-api'
import { useSetFilters } from '@/features/sets/useSetFilters'
import { useSetList } from '@/features/sets/useSetList'
import { useTagOptions } from '@/features/sets/useTagOptions'
import styles from './SetsPage.module.css'

/** /public-sets: everyone's public sets, newest first, for visitors and students alike. */
export function PublicSetsPage() {
  const filters = useSetFilters()
  const tagOptions = useTagOptions('public')
  const list = useSetList(setsApi.listPublic, filters.search, filters.tags)

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>Public Study Sets</h1>
      </div>
      <p className={`muted ${styles.lead}`}>Browse sets shared by other students and study them in any mode.</p>

      <SetFilters filters={filters} tags={tagOptions.tags} />

      <SetResults
        list={list}
        showErrors
        filtersActive={filters.active}
        renderCard={(set) => <SetCard set={set} showOwner />}
      />
    </div>
  )
}
