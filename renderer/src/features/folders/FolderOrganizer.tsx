import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core'
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useId, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Folder } from '#shared/api/habits'
import type { StudySet } from '#shared/api/sets'
import { STUDY_TOGETHER_MAX_SETS } from '#shared/limits'
import { useAuth } from '@/features/auth'
import { togetherStudyId } from '@/features/study'
import { errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { foldersApi } from './folders-api'
import { StudyModeLinks } from './StudyModeLinks'
import styles from './Folders.module.css'
import { translate, useT } from '@/lib/i18n'

/*
 * My Sets' organising (issue 31): the caller's folders first, each a drop target; each set card
 * gets a drag handle, an "Add to folder" choice and a "Study together" box; two or more sets
 * ticked open every mode on all their cards as one set.
 */

interface Organizer {
  folders: Folder[] | null
  reload: () => void
  addToFolder: (folderId: string, set: Pick<StudySet, 'id' | 'title'>) => Promise<void>
  selected: string[]
  toggle: (setId: string) => void
  message: { kind: 'ok' | 'error'; text: string } | null
}

const EMPTY: Folder[] = []

const OrganizerContext = createContext<Organizer | null>(null)

function useOrganizer(): Organizer {
  const organizer = useContext(OrganizerContext)
  if (!organizer) throw new Error('Folder tools are used inside a FolderOrganizer')
  return organizer
}

export function FolderOrganizer({ children }: { children: ReactNode }) {
  const userId = useAuth()?.user.id ?? ''
  const read = useServerData(`folders:${userId}`, (signal) => foldersApi.list(signal))
  // A failed reload keeps the folders on show (none when the first load failed).
  const [lastShown, setLastShown] = useState<Folder[] | null>(null)
  if (read.state === 'ready' && read.data.items !== lastShown) setLastShown(read.data.items)
  const folders = read.state === 'ready' ? read.data.items : read.state === 'failed' ? (lastShown ?? EMPTY) : null
  const [selected, setSelected] = useState<string[]>([])
  const [message, setMessage] = useState<Organizer['message']>(null)
  const [titles] = useState(() => new Map<string, string>())
  const reload = read.reload
  const addToFolder = useCallback(
    async (folderId: string, set: Pick<StudySet, 'id' | 'title'>) => {
      const folder = folders?.find((item) => item.id === folderId)
      try {
        await foldersApi.addSet(folderId, set.id)
        setMessage({
          kind: 'ok',
          text: folder ? translate('folders.added', { title: set.title, folder: folder.name }) : translate('folders.addedToFolder', { title: set.title }),
        })
        reload()
      } catch (failure) {
        setMessage({ kind: 'error', text: errorMessage(failure) })
      }
    },
    [folders, reload],
  )
  const toggle = useCallback((setId: string) => {
    setSelected((current) => (current.includes(setId) ? current.filter((id) => id !== setId) : [...current, setId].slice(0, STUDY_TOGETHER_MAX_SETS)))
  }, [])
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor))
  const onDragEnd = (event: DragEndEvent) => {
    const setId = String(event.active.id)
    const folderId = event.over ? String(event.over.id) : undefined
    if (folderId) void addToFolder(folderId, { id: setId, title: titles.get(setId) ?? String(event.active.data.current?.title ?? translate('folders.theSet')) })
  }
  const value = useMemo(() => ({ folders, reload, addToFolder, selected, toggle, message }), [folders, reload, addToFolder, selected, toggle, message])
  return (
    <OrganizerContext.Provider value={value}>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        {children}
      </DndContext>
    </OrganizerContext.Provider>
  )
}

function FolderTile({ folder }: { folder: Folder }) {
  const t = useT()
  const { isOver, setNodeRef } = useDroppable({ id: folder.id })
  return (
    <li ref={setNodeRef} className={`${styles.folder} ${isOver ? styles.over : ''}`} data-testid="folder-tile">
      <Link to={`/folders/${encodeURIComponent(folder.id)}`}>{folder.name}</Link>
      <span className={styles.count}>{t('folders.setCount', { count: folder.setCount })}</span>
    </li>
  )
}

/** Creates a folder (at the top, or in `parentId`). */
export function NewFolderForm({ parentId, onCreated }: { parentId?: string; onCreated: (folder: Folder) => void }) {
  const t = useT()
  const [name, setName] = useState('')
  const [error, setError] = useState('')
  const id = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError('')
    try {
      const folder = await foldersApi.create({ name, parentId })
      setName('')
      onCreated(folder)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }
  return (
    <form className={styles.newFolder} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {parentId ? t('folders.new.subName') : t('folders.new.name')}
      </label>
      <input
        id={id}
        value={name}
        placeholder={parentId ? t('folders.new.subPlaceholder') : t('folders.new.placeholder')}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button button-secondary" disabled={!name.trim()}>
        {parentId ? t('folders.new.addSub') : t('folders.new.placeholder')}
      </button>
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

/** My Sets' folders, first on the page: the top-level ones, each a place to drop a set. */
export function FoldersSection() {
  const t = useT()
  const { folders, reload, message } = useOrganizer()
  const top = (folders ?? []).filter((folder) => folder.parentId === null)
  return (
    <section className={styles.section} aria-labelledby="folders-heading">
      <h2 id="folders-heading">{t('folders.title')}</h2>
      {top.length > 0 ? (
        <ul className={styles.folders}>
          {top.map((folder) => (
            <FolderTile key={folder.id} folder={folder} />
          ))}
        </ul>
      ) : (
        folders && <p className="muted">{t('folders.none')}</p>
      )}
      <NewFolderForm onCreated={reload} />
      {message && (
        <p className={message.kind === 'ok' ? 'alert-success' : 'alert-error'} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  )
}

/** Below each set card: drag it to a folder, add it to one from a list, or tick it to study together. */
export function SetFolderTools({ set }: { set: StudySet }) {
  const t = useT()
  const { folders, addToFolder, selected, toggle } = useOrganizer()
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: set.id, data: { title: set.title } })
  const id = useId()
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined
  return (
    <div className={styles.setTools}>
      <button
        type="button"
        ref={setNodeRef}
        style={style}
        className={`button button-secondary ${styles.handle}`}
        {...listeners}
        {...attributes}
        aria-label={t('folders.drag', { title: set.title })}
      >
        ⠿
      </button>
      {folders && folders.length > 0 && (
        <>
          <label htmlFor={`${id}-folder`} className="visually-hidden">
            {t('folders.addSetTo', { title: set.title })}
          </label>
          <select
            id={`${id}-folder`}
            value=""
            onChange={(event) => {
              if (event.target.value) void addToFolder(event.target.value, set)
            }}
          >
            <option value="">{t('folders.addTo')}</option>
            {folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
          </select>
        </>
      )}
      <label>
        <input type="checkbox" checked={selected.includes(set.id)} onChange={() => toggle(set.id)} /> {t('folders.together')}
      </label>
    </div>
  )
}

/** Shown once two or more sets are ticked: every mode on all their cards as one set. */
export function StudyTogetherBar() {
  const t = useT()
  const { selected } = useOrganizer()
  if (selected.length < 2) return null
  return (
    <section className={styles.together} aria-label={t('folders.together')}>
      <p>{t('folders.together.count', { count: selected.length })}</p>
      <StudyModeLinks studyId={togetherStudyId(selected)} label={t('folders.together.label')} />
    </section>
  )
}
