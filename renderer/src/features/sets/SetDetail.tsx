import { lazy, useCallback, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { AvailableOfflineToggle, OfflineDeadEnd } from '@/features/offline'
import { useConfirm } from '@/components/ConfirmDialog'
import { setBackLink } from './back-link'
import { useAuth } from '@/features/auth'
import { SetReviewLink } from '@/features/review'
import { StartGameLink } from '@/features/games'
import { FlashcardView, TermsList, useCardProgress, useStudyOptions } from '@/features/study'
import { isStarredOnly, STARRED_PARAM, starredParams, StarredOnlyChoice, useStarredCards, useStars, withStarred } from '@/features/stars'
import { VisibilityIcon } from '@/components/icons'
import { SetActions } from './SetActions'
import { cardCountLabel, ownerName } from './set-text'
import { addReverseToAllCards, setsApi } from './sets-api'
import { TagList } from './TagList'
import { useStudySet } from './useStudySet'
import { errorMessage } from '@/lib/api'
import { T, useShared, useT } from '@/lib/i18n'
import { useOnceTrue } from '@/lib/useOnceTrue'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './SetDetail.module.css'
import { FormError } from '@/components/FormError'
import { OptionalPart } from '@/components/OptionalPart'
import { copyText } from '@/lib/browser'

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
  const t = useT()
  const setMessages = useShared('setMessages')
  const offlineMessages = useShared('offlineMessages')
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
        <p className="muted">{t('sets.detail.notFoundText')}</p>
        <Link to="/public-sets" className="button button-secondary">
          {t('landing.browsePublicSets')}
        </Link>
      </section>
    )
  }
  if (status.kind === 'offline') return <OfflineDeadEnd message={offlineMessages.setNotKept} />
  if (status.kind === 'error' || !set) {
    return <FormError message={setMessages.loadError(status.kind === 'error' ? status.message : setMessages.notFound)} />
  }
  return <SetView key={set.id} set={set} loaded={loaded} />
}

function SetView({ set, loaded }: { set: StudySet; loaded: ReturnType<typeof useStudySet> }) {
  const t = useT()
  const setMessages = useShared('setMessages')
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
  const [editingCard, setEditingCard] = useState<Flashcard | null>(null)
  // Each dialog's code loads when it is first opened (and stays for its closing): a student who
  // goes offline before it arrived keeps the set page, and only that dialog stays shut.
  const exportUsed = useOnceTrue(exporting)
  const editSetUsed = useOnceTrue(editingSet)
  const editCardUsed = useOnceTrue(editingCard !== null)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState('')
  const [actionStatus, setActionStatus] = useState('')
  const progress = useCardProgress(set.id)
  const base = `/study-sets/${encodeURIComponent(set.id)}`
  // "Starred only" lives in the address (?starred=1): the mode links carry it, and so does a reload.
  const stars = useStars(set.id)
  const [params, setParams] = useSearchParams()
  // Without it in the address, the student's kept choice for the set (issue 31); a change is kept.
  const studyOptions = useStudyOptions(set.id)
  const starredOnly = stars !== null && (params.has(STARRED_PARAM) ? isStarredOnly(params) : studyOptions.loaded && studyOptions.options.starredOnly)
  const modePath = (mode: string) => withStarred(`${base}/${mode}`, starredOnly)
  const setStarredOnly = (on: boolean) => {
    studyOptions.save({ starredOnly: on })
    setParams((current) => starredParams(current, on), { replace: true })
  }
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
    if (!(await confirm({ title: t('sets.actions.delete'), message: setMessages.deleteSetConfirm, confirmLabel: t('common.delete'), danger: true }))) return
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

  /** Every basic card not yet asked in reverse is, from now on; the cards in hand show it. */
  const addReverseToAll = async () => {
    setActionError('')
    setBusy(true)
    try {
      for (const card of await addReverseToAllCards(set.id)) loaded.cardUpdated(card)
      setActionStatus(setMessages.reverseAdded)
    } catch (failure) {
      setActionError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const copyLink = async () => {
    window.alert((await copyText(window.location.href)) ? setMessages.linkCopied : setMessages.linkCopyFailed)
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
    if (!(await confirm({ title: t('sets.detail.deleteCard'), message: setMessages.deleteCardConfirm, confirmLabel: t('common.delete'), danger: true }))) return
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
        <span aria-hidden="true" className="flip-rtl">
          ←
        </span>{' '}
        {setBackLink(location.state, isOwner).label}
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
            onAddReverse={() => void addReverseToAll()}
            onSaveCopy={auth?.user.verified && !isOwner ? () => void saveCopy() : undefined}
          />
        </div>
        {set.description && <p className={styles.description}>{set.description}</p>}
        <p className={styles.meta}>
          <span>{t('sets.createdBy', { name: ownerName(set) })}</span>
          <span aria-hidden="true">·</span>
          <span>{cardCountLabel(set.cardCount)}</span>
          <AvailableOfflineToggle setId={set.id} />
          <span aria-hidden="true">·</span>
          <span className={styles.visibility}>
            <VisibilityIcon isPublic={set.isPublic} />
            <span aria-hidden="true">{set.isPublic ? t('sets.public') : t('sets.private')}</span>
          </span>
        </p>
        {set.copiedFromSetId && (
          <p className={styles.meta}>
            <span>
              <T id="sets.copiedFrom" components={{ 0: <Link to={`/study-sets/${encodeURIComponent(set.copiedFromSetId)}`} /> }} />
            </span>
          </p>
        )}
        <TagList tags={set.tags} />
        <SetReviewLink setId={set.id} />
        {auth?.user.verified && <StartGameLink setId={set.id} />}
        <FormError message={actionError} />
        <p className="muted" role="status">
          {actionStatus}
        </p>
      </header>

      <nav className={styles.modes} aria-label={t('sets.detail.modes')}>
        <button type="button" className={styles.mode} aria-pressed={view === 'terms'} onClick={() => setView('terms')}>
          {t('mode.terms')}
        </button>
        <Link to={modePath('learn')} className={styles.mode}>
          {t('mode.learn')}
        </Link>
        <button type="button" className={styles.mode} aria-pressed={view === 'flashcards'} onClick={() => setView('flashcards')}>
          {t('mode.flashcards')}
        </button>
        <Link to={modePath('match')} className={styles.mode}>
          {t('mode.match')}
        </Link>
        <Link to={modePath('write')} className={styles.mode}>
          {t('mode.write')}
        </Link>
        <Link to={modePath('test')} className={styles.mode}>
          {t('mode.test')}
        </Link>
      </nav>
      {stars && <StarredOnlyChoice stars={stars} on={starredOnly} onChange={setStarredOnly} />}

      {starredOnly && !stars.ids && !stars.error ? (
        <p className="muted" role="status">
          {t('sets.detail.loadingStarred')}
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
            <OptionalPart>
              <AddCardForm setId={set.id} onAdded={loaded.cardAdded} />
            </OptionalPart>
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

      {isOwner && editSetUsed && (
        <OptionalPart>
          <EditSetDialog set={editingSet ? set : null} onClose={() => setEditingSet(false)} onSaved={loaded.setUpdated} />
        </OptionalPart>
      )}
      {isOwner && editCardUsed && (
        <OptionalPart>
          <EditCardDialog setId={set.id} card={editingCard} onClose={() => setEditingCard(null)} onSaved={loaded.cardUpdated} />
        </OptionalPart>
      )}
      {isOwner && exportUsed && (
        <OptionalPart>
          <ExportDialog set={exporting ? set : null} onClose={() => setExporting(false)} />
        </OptionalPart>
      )}
    </div>
  )
}
