import { SetCard } from './SetCard'
import { SetFilters } from './SetFilters'
import { SetResults } from './SetResults'
import { setsApi } from './sets-api'
import { useSetFilters } from './useSetFilters'
import { useSetList } from './useSetList'
import { useTagOptions } from './useTagOptions'
import styles from './SetsList.module.css'

/** /public-sets: everyone's public sets, newest first, for visitors and students alike. */
export function PublicSets() {
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

      <SetResults list={list} filtersActive={filters.active} renderCard={(set) => <SetCard set={set} showOwner />} />
    </div>
  )
}
