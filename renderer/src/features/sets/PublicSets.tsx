import { SetCard } from './SetCard'
import { SetFilters } from './SetFilters'
import { SetResults } from './SetResults'
import { setsApi } from './sets-api'
import { useSetFilters } from './useSetFilters'
import { useSetList } from './useSetList'
import { useTagOptions } from './useTagOptions'
import styles from './SetsList.module.css'
import { useT } from '@/lib/i18n'

/** /public-sets: everyone's public sets, newest first, for visitors and students alike. */
export function PublicSets() {
  const t = useT()
  const filters = useSetFilters()
  const tagOptions = useTagOptions('public')
  const list = useSetList('public-sets', setsApi.listPublic, filters.search, filters.tags)

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t('sets.publicList.title')}</h1>
      </div>
      <p className={`muted ${styles.lead}`}>{t('sets.publicList.lead')}</p>

      <SetFilters filters={filters} tags={tagOptions.tags} />

      <SetResults list={list} filtersActive={filters.active} renderCard={(set) => <SetCard set={set} showOwner />} />
    </div>
  )
}
