import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import type { StudySet } from '#shared/api/sets'
import { offlineMessages } from '#shared/messages'
import { EditSetDialog } from './EditSetDialog'
import { isKeptCopy, listMineOrKept } from './kept-sets'
import { SetCard } from './SetCard'
import { SetFilters } from './SetFilters'
import { SetResults } from './SetResults'
import { useSetFilters } from './useSetFilters'
import { useSetList } from './useSetList'
import { useTagOptions } from './useTagOptions'
import styles from './SetsList.module.css'

/** Loaded the first time it is opened (it brings the CSV parser). */
const ImportDialog = lazy(() => import('@/features/import-export').then((m) => ({ default: m.ImportDialog })))

/** /my-sets: the signed-in user's own sets, searchable and filterable by tag. */
export function MySets() {
  const filters = useSetFilters()
  const tagOptions = useTagOptions('mine')
  // Offline, the sets kept on this device (marked), so they can still be opened.
  const list = useSetList(listMineOrKept, filters.search, filters.tags)
  const fromDevice = list.sets.some(isKeptCopy)
  const [editing, setEditing] = useState<StudySet | null>(null)
  const [importOpen, setImportOpen] = useState(false)
  // Stays mounted after the first opening, so closing returns focus like the other dialogs.
  const [importUsed, setImportUsed] = useState(false)
  if (importOpen && !importUsed) setImportUsed(true)

  const onSaved = (set: StudySet) => {
    list.replaceSet(set)
    tagOptions.reload()
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>My Sets</h1>
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" onClick={() => setImportOpen(true)}>
            Import Set
          </button>
          <Link to="/study-sets/create" className="button">
            Create Study Set
          </Link>
        </div>
      </div>

      <SetFilters filters={filters} tags={tagOptions.tags} />
      {fromDevice && (
        <p className="muted" role="status">
          {offlineMessages.mySetsOffline}
        </p>
      )}

      <SetResults
        list={list}
        filtersActive={filters.active}
        renderCard={(set) => <SetCard set={set} showVisibility onEdit={setEditing} note={isKeptCopy(set) ? offlineMessages.keptMark : undefined} />}
        emptyWithoutFilters={
          <>
            <p>You have no study sets yet.</p>
            <Link to="/study-sets/create" className="button">
              Create Your First Set
            </Link>
          </>
        }
      />

      <EditSetDialog set={editing} onClose={() => setEditing(null)} onSaved={onSaved} />

      {importUsed && (
        <Suspense fallback={null}>
          <ImportDialog
            open={importOpen}
            onClose={() => setImportOpen(false)}
            onImported={() => {
              list.reload()
              tagOptions.reload()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
