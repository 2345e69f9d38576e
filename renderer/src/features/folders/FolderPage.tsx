import { type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { folderStudyId } from '@/features/study'
import { errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { foldersApi } from './folders-api'
import { NewFolderForm } from './FolderOrganizer'
import { StudyModeLinks } from './StudyModeLinks'
import styles from './Folders.module.css'
import { useT } from '@/lib/i18n'

/**
 * /folders/:id: a folder's sub-folders and sets, and every mode on all their cards as one set; its
 * Flashcards are `flashcards` for the folder's study id (the page hands in the study feature's).
 */
export function FolderView({ folderId, flashcards }: { folderId: string; flashcards: (studyId: string) => ReactNode }) {
  const t = useT()
  const read = useServerData(`folder:${folderId}`, (signal) => foldersApi.get(folderId, signal))
  const folder = read.state === 'ready' ? read.data : null
  const error = read.state === 'failed' ? errorMessage(read.error) : ''
  const [showCards, setShowCards] = useState(false)
  const navigate = useNavigate()
  useDocumentTitle(folder?.name, t('folders.folder'))
  const reload = read.reload

  if (error)
    return (
      <div className={styles.page}>
        <p className="alert-error" role="alert">
          {error}
        </p>
        <Link to="/my-sets">{t('sets.backToMySets')}</Link>
      </div>
    )
  if (!folder)
    return (
      <p className="muted" role="status">
        {t('folders.loading')}
      </p>
    )
  const studyId = folderStudyId(folder.id)
  const remove = async () => {
    await foldersApi.remove(folder.id)
    navigate(folder.parentId ? `/folders/${encodeURIComponent(folder.parentId)}` : '/my-sets')
  }
  return (
    <div className={styles.page}>
      <Link to={folder.parentId ? `/folders/${encodeURIComponent(folder.parentId)}` : '/my-sets'}>
        {folder.parentId ? t('folders.backUp') : t('sets.backToMySets')}
      </Link>
      <h1>{folder.name}</h1>
      <section className={styles.section} aria-labelledby="folder-study">
        <h2 id="folder-study">{t('folders.studyAll')}</h2>
        <StudyModeLinks studyId={studyId} label={t('folders.study', { name: folder.name })} />
        <div className={styles.modes}>
          <Link to={`/review?set=${encodeURIComponent(studyId)}`} className="button button-secondary">
            {t('folders.reviewDue')}
          </Link>
          <button type="button" className="button button-secondary" aria-expanded={showCards} onClick={() => setShowCards((shown) => !shown)}>
            {showCards ? t('folders.hideFlashcards') : t('mode.flashcards')}
          </button>
        </div>
        {showCards && flashcards(studyId)}
      </section>
      <section className={styles.section} aria-labelledby="folder-subfolders">
        <h2 id="folder-subfolders">{t('folders.subfolders')}</h2>
        {folder.folders.length > 0 && (
          <ul className={styles.folders}>
            {folder.folders.map((child) => (
              <li key={child.id} className={styles.folder}>
                <Link to={`/folders/${encodeURIComponent(child.id)}`}>{child.name}</Link>
                <span className={styles.count}>{t('folders.setCount', { count: child.setCount })}</span>
              </li>
            ))}
          </ul>
        )}
        <NewFolderForm parentId={folder.id} onCreated={reload} />
      </section>
      <section className={styles.section} aria-labelledby="folder-sets">
        <h2 id="folder-sets">{t('folders.sets')}</h2>
        {folder.sets.length === 0 ? (
          <p className="muted">{t('folders.empty')}</p>
        ) : (
          <ul className={styles.sets}>
            {folder.sets.map((set) => (
              <li key={set.id}>
                <Link to={`/study-sets/${encodeURIComponent(set.id)}`}>{set.title}</Link>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void foldersApi.removeSet(folder.id, set.id).then(reload)}
                  aria-label={t('folders.takeOutLabel', { title: set.title, name: folder.name })}
                >
                  {t('folders.takeOut')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div>
        <button type="button" className="button button-secondary" onClick={() => void remove()}>
          {t('folders.delete')}
        </button>
      </div>
    </div>
  )
}
