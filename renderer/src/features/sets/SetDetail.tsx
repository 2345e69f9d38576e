import { lazy, Suspense, useCallback, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { offlineMessages, setMessages } from '#shared/messages'
import { AvailableOfflineToggle, OfflineDeadEnd } from '@/features/offline'
import { useConfirm } from '@/components/ConfirmDialog'
import { setBackLink } from './back-link'
import { useAuth } from '@/features/auth'
import { SetReviewLink } from '@/features/review'
import { StartGameLink } from '@/features/games'
import {
  FlashcardView,
  isStarredOnly,
  starredParams,
  StarredOnlyChoice,
  TermsList,
  useCardProgress,
  useStarredCards,
  useStars,
  withStarred,
} from '@/features/study'
import { VisibilityIcon } from '@/components/icons'
import { SetActions } from './SetActions'
import { cardCountLabel, ownerName } from './set-text'
import { setsApi } from './sets-api'
import { TagList } from './TagList'
import { useStudySet } from './useStudySet'
import { errorMessage } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './SetDetail.module.css'
import { FormError } from '@/components/FormError'

/** Loaded the first time it is opened. */
const ExportDialog = lazy(() => import('@/features/import-export').then((m) => ({ default: m.ExportDialog })))
/**
 * The owner's forms, loaded only for the owner: they bring the text checks (zod and the profanity
 * word list), which a visitor reading a shared set never needs.
 */
const AddCardForm = lazy(() => import('./AddCardForm').then((m) => ({ default: m.AddCardForm })))
const EditSetDialog = lazy(() => import('./EditSetDialog').then((m) => ({ default: m.EditSetDialog })))
const EditCardDialog = lazy(() => import('./EditCardDialog').then((m) => ({ default: m.EditCardDialog })))

type View = 'terms' | 'flashcards'

/** /study-sets/:id: the set's header and actions, the mode bar, and the Terms or Flashcards view. */
export function SetDetail({ setId: id }: { setId: string }) {
  const loaded = useStudySet(id)
  const { status, set } = loaded

  if (status.kind === 'loading') {
    return (
      <p className="muted" role="status">
        {setMessages.loading}
      </p>
    )
  }
  if (status.kind === 'not_found') {
    return (
      <section className={styles.state}>
        <h1>{setMessages.notFound}</h1>
        <p className="muted">It may have been deleted, or it is private.</p>
        <Link to="/public-sets" className="button button-secondary">
          Browse Public Sets
        </Link>
      </section>
    )
  }
  if (status.kind === 'offline') return <OfflineDeadEnd message={offlineMessages.setNotKept} />
  if (status.kind === 'error' || !set) {
    return (
      <p className="alert-error" role="alert">
        {setMessages.loadError(status.kind === 'error' ? status.message : setMessages.notFound)}
      </p>
    )
  }
  return <SetView key={set.id} set={set} loaded={loaded} />
}

function SetView({ set, loaded }: { set: StudySet; loaded: ReturnType<typeof useStudySet> }) {
  const [confirm, confirmDialog] = useConfirm()
  const location = useLocation()
  const auth = useAuth()
  const navigate = useNavigate()
  useDocumentTitle(set.title)
  const isOwner = auth !== null && set.owner !== null && auth.user.id === set.owner.id
  const [view, setView] = useState<View>('terms')
  const [editingSet, setEditingSet] = useState(false)
  const [exporting, setExporting] = useState(false)
  // Stays mounted after the first opening, so closing returns focus like the other dialogs.
  const [exportUsed, setExportUsed] = useState(false)
  if (exporting && !exportUsed) setExportUsed(true)
  const [editingCard, setEditingCard] = useState<Flashcard | null>(null)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState('')
  const progress = useCardProgress(set.id)
  const base = `/study-sets/${encodeURIComponent(set.id)}`
  // "Starred only" lives in the address (?starred=1): the mode links carry it, and so does a reload.
  const stars = useStars(set.id)
  const [params, setParams] = useSearchParams()
  const starredOnly = stars !== null && isStarredOnly(params)
  const modePath = (mode: string) => withStarred(`${base}/${mode}`, starredOnly)
  const setStarredOnly = (on: boolean) => setParams((current) => starredParams(current, on), { replace: true })
  const shown = useStarredCards(
    {
      cards: loaded.cards,
      total: set.cardCount,
      hasMore: loaded.hasMoreCards,
      loadingMore: loaded.loadingMore,
      loadError: loaded.moreError,
      loadMore: loaded.loadMoreCards,
      loadAll: loaded.loadAllCards,
    },
    stars,
    starredOnly,
  )

  const { loadAll: loadAllShown } = shown
  const loadAll = useCallback(() => void loadAllShown(), [loadAllShown])

  const toggleVisibility = async () => {
    setActionError('')
    setBusy(true)
    try {
      loaded.setUpdated(await setsApi.update(set.id, { isPublic: !set.isPublic }))
    } catch {
      setActionError(setMessages.updateFailed)
    } finally {
      setBusy(false)
    }
  }

  const deleteSet = async () => {
    if (!(await confirm({ title: 'Delete Set', message: setMessages.deleteSetConfirm, confirmLabel: 'Delete', danger: true }))) return
    setActionError('')
    setBusy(true)
    try {
      await setsApi.remove(set.id)
      navigate('/dashboard')
    } catch (failure) {
      setActionError(errorMessage(failure))
      setBusy(false)
    }
  }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href)
      window.alert(setMessages.linkCopied)
    } catch {
      window.alert(setMessages.linkCopyFailed)
    }
  }

  const saveCopy = async () => {
    setActionError('')
    setBusy(true)
    try {
      const copy = await setsApi.copy(set.id)
      navigate(`/study-sets/${encodeURIComponent(copy.id)}`)
    } catch (failure) {
      setActionError(errorMessage(failure))
      setBusy(false)
    }
  }

  const deleteCard = async (card: Flashcard) => {
    if (!(await confirm({ title: 'Delete Flashcard', message: setMessages.deleteCardConfirm, confirmLabel: 'Delete', danger: true }))) return
    setActionError('')
    try {
      await setsApi.removeCard(set.id, card.id)
      loaded.cardDeleted(card.id)
    } catch (failure) {
      setActionError(errorMessage(failure))
    }
  }

  return (
    <div className={styles.page}>
      {confirmDialog}
      <Link to={setBackLink(location.state, isOwner).path} className={styles.back}>
        <span aria-hidden="true">←</span> {setBackLink(location.state, isOwner).label}
      </Link>

      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{set.title}</h1>
          <SetActions
            isOwner={isOwner}
            isPublic={set.isPublic}
            busy={busy}
            onEdit={() => setEditingSet(true)}
            onToggleVisibility={() => void toggleVisibility()}
            onDelete={() => void deleteSet()}
            onCopyLink={() => void copyLink()}
            onExport={() => setExporting(true)}
            onSaveCopy={auth?.user.verified && !isOwner ? () => void saveCopy() : undefined}
          />
        </div>
        {set.description && <p className={styles.description}>{set.description}</p>}
        <p className={styles.meta}>
          <span>Created by {ownerName(set)}</span>
          <span aria-hidden="true">·</span>
          <span>{cardCountLabel(set.cardCount)}</span>
          <AvailableOfflineToggle setId={set.id} />
          <span aria-hidden="true">·</span>
          <span className={styles.visibility}>
            <VisibilityIcon isPublic={set.isPublic} />
            <span aria-hidden="true">{set.isPublic ? 'Public' : 'Private'}</span>
          </span>
        </p>
        {set.copiedFromSetId && (
          <p className={styles.meta}>
            <span>
              Copied from <Link to={`/study-sets/${encodeURIComponent(set.copiedFromSetId)}`}>the original set</Link>
            </span>
          </p>
        )}
        <TagList tags={set.tags} />
        <SetReviewLink setId={set.id} />
        {auth?.user.verified && <StartGameLink setId={set.id} />}
        <FormError message={actionError} />
      </header>

      <nav className={styles.modes} aria-label="Study modes">
        <button type="button" className={styles.mode} aria-pressed={view === 'terms'} onClick={() => setView('terms')}>
          Terms
        </button>
        <Link to={modePath('learn')} className={styles.mode}>
          Learn
        </Link>
        <button type="button" className={styles.mode} aria-pressed={view === 'flashcards'} onClick={() => setView('flashcards')}>
          Flashcards
        </button>
        <Link to={modePath('match')} className={styles.mode}>
          Match
        </Link>
        <Link to={modePath('write')} className={styles.mode}>
          Write
        </Link>
        <Link to={modePath('test')} className={styles.mode}>
          Test
        </Link>
      </nav>
      {stars && <StarredOnlyChoice stars={stars} on={starredOnly} onChange={setStarredOnly} />}

      {starredOnly && !stars.ids && !stars.error ? (
        <p className="muted" role="status">
          Loading your starred cards...
        </p>
      ) : view === 'terms' ? (
        <>
          <TermsList
            cards={shown.cards}
            total={shown.total}
            hasMore={shown.hasMore}
            loadingMore={shown.loadingMore}
            loadError={shown.loadError}
            onLoadMore={() => void shown.loadMore()}
            onLoadAll={loadAll}
            progress={progress}
            onEdit={isOwner ? setEditingCard : undefined}
            onDelete={isOwner ? (card) => void deleteCard(card) : undefined}
            stars={stars}
            languages={set}
          />
          {isOwner && (
            <Suspense fallback={null}>
              <AddCardForm setId={set.id} onAdded={loaded.cardAdded} />
            </Suspense>
          )}
        </>
      ) : (
        <FlashcardView
          key={starredOnly ? 'starred' : 'all'}
          setId={set.id}
          cards={shown.cards}
          total={shown.total}
          loadingMore={shown.loadingMore}
          loadError={shown.loadError}
          onLoadMore={shown.loadMore}
          onLoadAll={shown.loadAll}
          stars={stars}
          languages={set}
        />
      )}

      {isOwner && (
        <Suspense fallback={null}>
          <EditSetDialog set={editingSet ? set : null} onClose={() => setEditingSet(false)} onSaved={loaded.setUpdated} />
          <EditCardDialog setId={set.id} card={editingCard} onClose={() => setEditingCard(null)} onSaved={loaded.cardUpdated} />
          {exportUsed && <ExportDialog set={exporting ? set : null} onClose={() => setExporting(false)} />}
        </Suspense>
      )}
    </div>
  )
}
