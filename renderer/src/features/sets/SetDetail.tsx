import { Fragment, lazy, type ReactNode, useCallback, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { useConfirm } from '@/components/ConfirmDialog'
import { setBackLink } from './back-link'
import { useAuth } from '@/features/auth'
import { type FlashcardViewProps, type TermsListProps, useCardProgress, useStudyOptions } from '@/features/study'
import { isStarredOnly, STARRED_PARAM, type Stars, starredParams, useStarredCards, useStars, withStarred } from '@/features/stars'
import { SetHeader, SetModes, type SetPageView } from './SetHeader'
import { useSetActions } from './useSetActions'
import { useStudySet } from './useStudySet'
import { EditSetDialog } from './lazy-edit-set-dialog'
import { useShared, useT } from '@/lib/i18n'
import { useOnceTrue } from '@/lib/useOnceTrue'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './SetDetail.module.css'
import { FormError } from '@/components/FormError'
import { OptionalPart } from '@/components/OptionalPart'

/**
 * The owner's forms, loaded only for the owner: they bring the text checks (zod and the profanity
 * word list), which a visitor reading a shared set never needs (the set's edit dialog likewise:
 * lazy-edit-set-dialog.ts).
 */
const AddCardForm = lazy(() => import('./AddCardForm').then((m) => ({ default: m.AddCardForm })))
const EditCardDialog = lazy(() => import('./EditCardDialog').then((m) => ({ default: m.EditCardDialog })))

/**
 * What the set page draws of other features (issue 25: the page hands them in, SetDetailPage.tsx).
 * The read-aloud buttons and stars on the cards are slots the page fills (`@/lib/study-slots`).
 */
export interface SetPageParts {
  /** In place of a set this device does not hold, offline: why (`message`) and the kept sets. */
  offlineDeadEnd: (message: string) => ReactNode
  /** In the header's line of facts, after the card count: "Available offline". */
  offlineToggle: (setId: string) => ReactNode
  /** Under the tags: the set's review link, then (a verified user's) the link that starts a live game. */
  reviewLink: (setId: string) => ReactNode
  gameLink: (setId: string) => ReactNode
  /** Under the mode bar, for a signed-in student: "Starred only". */
  starredChoice: (props: { stars: Stars; on: boolean; onChange: (on: boolean) => void }) => ReactNode
  /** The Terms and Flashcards views. */
  terms: (props: TermsListProps) => ReactNode
  flashcards: (props: FlashcardViewProps) => ReactNode
  /** The owner's export dialog (loaded the first time it is opened). */
  exportDialog: (props: { set: StudySet | null; onClose: () => void }) => ReactNode
}

/** /study-sets/:id: the set's header and actions, the mode bar, and the Terms or Flashcards view. */
export function SetDetail({ setId: id, parts }: { setId: string; parts: SetPageParts }) {
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
  if (status.kind === 'offline') return parts.offlineDeadEnd(offlineMessages.setNotKept)
  if (status.kind === 'error' || !set) {
    return <FormError message={setMessages.loadError(status.kind === 'error' ? status.message : setMessages.notFound)} />
  }
  return <SetView key={set.id} set={set} loaded={loaded} parts={parts} />
}

function SetView({ set, loaded, parts }: { set: StudySet; loaded: ReturnType<typeof useStudySet>; parts: SetPageParts }) {
  const t = useT()
  const [confirm, confirmDialog] = useConfirm()
  const location = useLocation()
  const auth = useAuth()
  useDocumentTitle(set.title)
  const isOwner = auth !== null && set.owner !== null && auth.user.id === set.owner.id
  const [view, setView] = useState<SetPageView>('terms')
  const [editingSet, setEditingSet] = useState(false)
  const [exporting, setExporting] = useState(false)
  // Stays mounted after the first opening, so closing returns focus like the other dialogs.
  const [editingCard, setEditingCard] = useState<Flashcard | null>(null)
  // Each dialog's code loads when it is first opened (and stays for its closing): a student who
  // goes offline before it arrived keeps the set page, and only that dialog stays shut.
  const exportUsed = useOnceTrue(exporting)
  const editSetUsed = useOnceTrue(editingSet)
  const editCardUsed = useOnceTrue(editingCard !== null)
  const actions = useSetActions(set, loaded, confirm)
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

  return (
    <div className={styles.page}>
      {confirmDialog}
      <Link to={setBackLink(location.state, isOwner).path} className={styles.back}>
        <span aria-hidden="true" className="flip-rtl">
          ←
        </span>{' '}
        {setBackLink(location.state, isOwner).label}
      </Link>

      <SetHeader
        set={set}
        isOwner={isOwner}
        actions={actions}
        onEdit={() => setEditingSet(true)}
        onExport={() => setExporting(true)}
        offlineToggle={parts.offlineToggle(set.id)}
        reviewLink={parts.reviewLink(set.id)}
        gameLink={parts.gameLink(set.id)}
      />
      <SetModes view={view} onView={setView} modePath={modePath} />
      {stars && parts.starredChoice({ stars, on: starredOnly, onChange: setStarredOnly })}

      {starredOnly && !stars.ids && !stars.error ? (
        <p className="muted" role="status">
          {t('sets.detail.loadingStarred')}
        </p>
      ) : view === 'terms' ? (
        <>
          {parts.terms({
            cards: shown.cards,
            total: shown.total,
            hasMore: shown.hasMore,
            loadingMore: shown.loadingMore,
            loadError: shown.loadError,
            onLoadMore: () => void shown.loadMore(),
            onLoadAll: loadAll,
            progress,
            onEdit: isOwner ? setEditingCard : undefined,
            onDelete: isOwner ? (card) => void actions.deleteCard(card) : undefined,
            stars,
            languages: set,
          })}
          {isOwner && (
            <OptionalPart>
              <AddCardForm setId={set.id} onAdded={loaded.cardAdded} />
            </OptionalPart>
          )}
        </>
      ) : (
        <Fragment key={starredOnly ? 'starred' : 'all'}>
          {parts.flashcards({
            setId: set.id,
            cards: shown.cards,
            total: shown.total,
            loadingMore: shown.loadingMore,
            loadError: shown.loadError,
            onLoadMore: shown.loadMore,
            onLoadAll: shown.loadAll,
            stars,
            languages: set,
          })}
        </Fragment>
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
      {isOwner && exportUsed && <OptionalPart>{parts.exportDialog({ set: exporting ? set : null, onClose: () => setExporting(false) })}</OptionalPart>}
    </div>
  )
}
