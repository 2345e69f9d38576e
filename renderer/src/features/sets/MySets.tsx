import { Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import type { StudySet } from '#shared/api/sets'
import { isKeptCopy, listMineOrKept } from './kept-sets'
import { EditSetDialog } from './lazy-edit-set-dialog'
import { SetCard } from './SetCard'
import { SetFilters } from './SetFilters'
import { SetResults } from './SetResults'
import { useSetFilters } from './useSetFilters'
import { useSetList } from './useSetList'
import { useTagOptions } from './useTagOptions'
import styles from './SetsList.module.css'
import { useShared, useT } from '@/lib/i18n'
import { OptionalPart } from '@/components/OptionalPart'
import { useOnceTrue } from '@/lib/useOnceTrue'

/** The import dialog (the page hands in the import-export feature's, loaded the first time it is opened). */
export type ImportDialogSlot = (props: { open: boolean; onClose: () => void; onImported: () => void }) => React.ReactNode

interface MySetsProps {
  importDialog: ImportDialogSlot
  before?: React.ReactNode
  cardExtra?: (set: StudySet) => React.ReactNode
}

/**
 * /my-sets: the signed-in user's own sets, searchable and filterable by tag; `before` above the
 * filters, `cardExtra` under each card (the page's folder tools), `importDialog` for Import.
 */
export function MySets({ importDialog, before, cardExtra }: MySetsProps) {
  const t = useT()
  const offlineMessages = useShared('offlineMessages')
  const filters = useSetFilters()
  const tagOptions = useTagOptions('mine')
  // Offline, the sets kept on this device (marked), so they can still be opened.
  const list = useSetList('my-sets', listMineOrKept, filters.search, filters.tags)
  const fromDevice = list.sets.some(isKeptCopy)
  const [editing, setEditing] = useState<StudySet | null>(null)
  const [importOpen, setImportOpen] = useState(false)
  // Stays mounted after the first opening, so closing returns focus like the other dialogs.
  const importUsed = useOnceTrue(importOpen)
  const editUsed = useOnceTrue(editing !== null)

  const onSaved = (set: StudySet) => {
    list.replaceSet(set)
    tagOptions.reload()
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t('nav.mySets')}</h1>
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" onClick={() => setImportOpen(true)}>
            {t('import.title')}
          </button>
          <Link to="/study-sets/create" className="button">
            {t('sets.create.title')}
          </Link>
        </div>
      </div>

      {before}
      <SetFilters filters={filters} tags={tagOptions.tags} />
      {fromDevice && (
        <p className="muted" role="status">
          {offlineMessages.mySetsOffline}
        </p>
      )}

      <SetResults
        list={list}
        filtersActive={filters.active}
        renderCard={(set) => (
          <SetCard
            set={set}
            showVisibility
            onEdit={setEditing}
            note={isKeptCopy(set) ? offlineMessages.keptMark : undefined}
            extra={isKeptCopy(set) ? undefined : cardExtra?.(set)}
          />
        )}
        emptyWithoutFilters={
          <>
            <p>{t('sets.mine.empty')}</p>
            <Link to="/study-sets/create" className="button">
              {t('sets.mine.createFirst')}
            </Link>
          </>
        }
      />

      {editUsed && (
        <OptionalPart>
          <EditSetDialog set={editing} onClose={() => setEditing(null)} onSaved={onSaved} />
        </OptionalPart>
      )}

      {importUsed && (
        <Suspense fallback={null}>
          {importDialog({
            open: importOpen,
            onClose: () => setImportOpen(false),
            onImported: () => {
              list.reload()
              tagOptions.reload()
            },
          })}
        </Suspense>
      )}
    </div>
  )
}
