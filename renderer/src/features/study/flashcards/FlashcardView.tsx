import { type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { FLASHCARDS_VIEW_STEP } from '#shared/limits'
import { hasAnswerWithChoice, type StudyItem, studyItems } from '#shared/study/prompts'
import { AnswerWithChoice } from '@/features/study/prompts/AnswerWithChoice'
import { ClozeFilled, PromptExtra } from '@/features/study/prompts/ClozeBack'
import { FormError } from '@/components/FormError'
import { recordAnswer, saveQuietly } from '@/features/study/study-api'
import { useStudyOptions } from '@/features/study/useStudyOptions'
import {
  currentIndex,
  deckSize,
  type FlashcardsEvent,
  flashcardsReducer,
  type FlashcardsState,
  initialFlashcards,
  roundCards,
  roundResult,
  roundSize,
  sortedCounts,
  type Sorting,
  swipeAction,
} from './flashcards'
import styles from './FlashcardView.module.css'
import { useDeckKeys, useRevealOnOpen } from './useDeckKeys'
import { CardSide } from '@/components/card-side'
import { StarButton } from '@/features/stars'
import type { Stars } from '@/features/stars'
import { itemLanguages, SpeakButton, useSideLanguages } from '@/features/read-aloud'
import { useShared, useT } from '@/lib/i18n'

interface FlashcardViewProps {
  setId: string
  /** The set's cards loaded so far, in position order. */
  cards: Flashcard[]
  /** How many cards the set has in all. */
  total: number
  loadingMore: boolean
  loadError: string
  onLoadMore: () => Promise<void>
  /** Loads every card of the set (for Shuffle). */
  onLoadAll: () => Promise<void>
  /** The signed-in student's stars (null for a visitor): a star toggle for the card shown. */
  stars?: Stars | null
  /** The set's read-aloud languages (null: guessed from the cards' writing). */
  languages?: Pick<StudySet, 'termLanguage' | 'definitionLanguage'>
}

/** A horizontal swipe longer than this (CSS pixels) moves to the next or previous card. */
const SWIPE_DISTANCE = 50
/** A click this soon (ms) after a swipe belongs to the swipe. */
const SWIPE_CLICK_MS = 400
/** The sorting keys, shown beside their buttons (the same on every keyboard: useDeckKeys reads k and l). */
const SORT_KEYS = { known: 'K', learning: 'L' } as const

/** The ids of `cards` in a random order (Fisher-Yates). */
function shuffledIds(cards: readonly Flashcard[]): string[] {
  const ids = cards.map((card) => card.id)
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[ids[i], ids[j]] = [ids[j] as string, ids[i] as string]
  }
  return ids
}

/**
 * One card at a time, term first; clicking it (or Space, Enter, ↑ or ↓) turns it over, ← → or a
 * swipe move through the deck, and "Know it" (K) / "Still learning" (L) sort the card and move on.
 * A round ends with a summary and a round of the cards still being learned. The deck shows 20
 * cards at a time; Next past them shows the next 20. A signed-in student's sorting goes into
 * their review log.
 */
export function FlashcardView(props: FlashcardViewProps) {
  // "Answer with" and Shuffle start from the student's kept choices for the set, and changes are kept (issue 31).
  const { options, loaded, save } = useStudyOptions(props.setId)
  const answerWith = options.answerWith
  // The deck is of study items, one per prompt asked (shared/study/prompts.ts); the count grows with what the loaded cards add.
  const items = useMemo(() => studyItems(props.cards, answerWith), [props.cards, answerWith])
  return (
    <>
      {hasAnswerWithChoice(props.cards) && <AnswerWithChoice value={answerWith} onChange={(value) => save({ answerWith: value })} />}
      {loaded && (
        <FlashcardDeck
          key={answerWith}
          {...props}
          cards={items}
          total={props.total + items.length - props.cards.length}
          shuffleAtStart={options.shuffle}
          onShuffleChange={(shuffle) => save({ shuffle })}
        />
      )}
    </>
  )
}

function FlashcardDeck({
  setId,
  cards,
  total,
  loadingMore,
  loadError,
  onLoadMore,
  onLoadAll,
  stars,
  languages,
  shuffleAtStart,
  onShuffleChange,
}: FlashcardViewProps & { cards: StudyItem<Flashcard>[]; shuffleAtStart: boolean; onShuffleChange: (shuffle: boolean) => void }) {
  const t = useT()
  const flashcardMessages = useShared('flashcardMessages')
  const [state, setState] = useState<FlashcardsState>(() => initialFlashcards(FLASHCARDS_VIEW_STEP))
  const hintId = useId()
  const round = roundCards(state, cards)
  const available = round.length
  const inRound = roundSize(state, total)
  const apply = (event: FlashcardsEvent) => setState((current) => flashcardsReducer(current, event, available, inRound))
  const size = deckSize(state, available)
  const index = currentIndex(state, available)
  const card = round[index]
  const swipeStart = useRef<{ x: number; y: number } | null>(null)
  /** When the last swipe ended: a click right after it (some browsers send one) does not flip. */
  const swipedAt = useRef(0)
  const spoken = useSideLanguages(languages, cards)
  const viewRef = useRef<HTMLElement>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  useRevealOnOpen(viewRef, frameRef)
  const sort = (sorting: Sorting) => {
    if (!card || state.summary) return
    apply({ type: 'sort', cardId: card.id, sorting })
    const correct = sorting === 'known'
    void saveQuietly(() => recordAnswer(setId, { cardId: card.id, mode: 'flashcards', correct, question: 'self_graded', outcome: correct ? 'right' : 'wrong' }))
  }

  useDeckKeys((action) => (action.type === 'sortShown' ? sort(action.sorting) : apply(action)))

  // Next past the loaded cards (or Load More) asks for the next page.
  const wanted = Math.min(state.limit, inRound)
  useEffect(() => {
    if (state.round === null && cards.length < wanted && !loadingMore && !loadError) void onLoadMore()
  }, [state.round, cards.length, wanted, loadingMore, loadError, onLoadMore])

  // Kept "Shuffle" on: the deck starts shuffled (the whole set loaded first, as the button does).
  const shuffledAtStart = useRef(false)
  useEffect(() => {
    if (!shuffleAtStart || shuffledAtStart.current || total === 0) return
    if (cards.length < total) {
      if (!loadingMore && !loadError) void onLoadAll()
      return
    }
    shuffledAtStart.current = true
    setState((current) => (current.shuffled ? current : flashcardsReducer(current, { type: 'shuffle', order: shuffledIds(cards) }, cards.length, total)))
  }, [shuffleAtStart, cards, total, loadingMore, loadError, onLoadAll])

  if (total === 0 || (!card && !state.summary)) {
    return (
      <div className={styles.empty}>
        <p>{t('study.noFlashcards')}</p>
      </div>
    )
  }

  const toggleShuffle = async () => {
    onShuffleChange(!state.shuffled)
    if (state.shuffled) {
      apply({ type: 'unshuffle' })
      return
    }
    if (cards.length < total) await onLoadAll()
    // Shuffle the round's cards; a first round is the whole set, loaded by now.
    setState((current) =>
      flashcardsReducer(current, { type: 'shuffle', order: shuffledIds(current.round === null ? cards : roundCards(current, cards)) }, available, inRound),
    )
  }

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY }
  }
  /** A swipe left goes to the next card, a swipe right to the one before; a tap flips (the click). */
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start) return
    const dx = event.clientX - start.x
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(event.clientY - start.y)) return
    swipedAt.current = event.timeStamp
    apply(swipeAction(dx, document.documentElement.dir === 'rtl'))
  }
  const onPointerCancel = () => {
    swipeStart.current = null
  }
  const onCardClick = (event: { timeStamp: number }) => {
    if (event.timeStamp - swipedAt.current < SWIPE_CLICK_MS) return
    apply({ type: 'flip' })
  }

  const counts = sortedCounts(state)
  const toolbar = (
    <div className={styles.toolbar}>
      <button type="button" className="button button-secondary" aria-pressed={state.shuffled} onClick={() => void toggleShuffle()} disabled={loadingMore}>
        {t('flashcards.shuffle')}
      </button>
      <p className={styles.piles} aria-live="polite">
        {t('flashcards.piles', { known: counts.known, learning: counts.learning })}
      </p>
      {stars && card && !state.summary && (
        <StarButton starred={stars.ids?.has(card.asked.cardId) ?? false} disabled={!stars.ids} onToggle={() => stars.toggle(card.asked.cardId)} />
      )}
    </div>
  )

  if (state.summary) {
    const result = roundResult(
      state,
      round.map((item) => item.id),
    )
    const learning = result.learning
    const played = result.known + learning.length
    return (
      <section ref={viewRef} className={styles.view} aria-label={t('mode.flashcards')}>
        {toolbar}
        <div className={styles.summary} role="region" aria-label={t('flashcards.roundSummary')}>
          <h2 tabIndex={-1} ref={(element) => element?.focus()}>
            {t('flashcards.roundComplete', { round: state.roundNumber })}
          </h2>
          <p>{t('flashcards.roundResult', { known: result.known, played, learning: learning.length })}</p>
          <div className={styles.summaryActions}>
            {learning.length > 0 && (
              <button
                type="button"
                className="button"
                onClick={() =>
                  apply({
                    type: 'studyLearning',
                    ids: state.shuffled ? shuffledIds(cards.filter((item) => learning.includes(item.id))) : learning,
                    shuffled: state.shuffled,
                  })
                }
              >
                {flashcardMessages.studyLearning(learning.length)}
              </button>
            )}
            <button type="button" className="button button-secondary" onClick={() => apply({ type: 'restart' })}>
              {t('flashcards.startOver')}
            </button>
          </div>
        </div>
      </section>
    )
  }
  if (!card) return null
  const flipped = state.flipped
  const sortedAs = state.sorted[card.id]

  return (
    <section ref={viewRef} className={styles.view} aria-label={t('mode.flashcards')}>
      {toolbar}
      {/* The speaker sits on the card, not in it: a button may not hold another, and reading aloud does not flip. */}
      <div ref={frameRef} className={styles.cardFrame}>
        <button
          type="button"
          className={styles.card}
          aria-pressed={flipped}
          aria-describedby={hintId}
          onClick={onCardClick}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          {/* Keyed by card: a new card appears term side up at once, without turning over. */}
          <span key={card.id} className={`${styles.inner} ${flipped ? styles.flipped : ''}`}>
            <span className={`${styles.face} ${styles.front}`} aria-hidden={flipped}>
              <span className={styles.side}>{t('card.term')}</span>
              <CardSide text={card.term} image={card.termImage} recorded={!!card.termAudio} position={card.position} size="large" textClassName={styles.term} />
            </span>
            <span className={`${styles.face} ${styles.back}`} aria-hidden={!flipped}>
              <span className={styles.side}>{t('card.definition')}</span>
              {card.asked.filled ? (
                <span className={styles.definition}>
                  <ClozeFilled filled={card.asked.filled} />
                  <PromptExtra card={card} />
                </span>
              ) : (
                <CardSide
                  text={card.definition}
                  image={card.definitionImage}
                  recorded={!!card.definitionAudio}
                  position={card.position}
                  size="large"
                  textClassName={styles.definition}
                />
              )}
            </span>
          </span>
        </button>
        <SpeakButton
          key={flipped ? 'definition' : 'term'}
          className={styles.speak}
          text={flipped ? card.definition : card.term}
          language={itemLanguages(spoken, card.id)[flipped ? 'definition' : 'term']}
          side={flipped ? 'definition' : 'term'}
          audio={flipped ? card.definitionAudio : card.termAudio}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        {t('flashcards.hint')}
      </p>

      <div className={styles.sorting}>
        <button type="button" className={`button button-secondary ${styles.learning}`} aria-pressed={sortedAs === 'learning'} onClick={() => sort('learning')}>
          {t('flashcards.stillLearning')} <kbd aria-hidden="true">{SORT_KEYS.learning}</kbd>
        </button>
        <button type="button" className={`button button-secondary ${styles.known}`} aria-pressed={sortedAs === 'known'} onClick={() => sort('known')}>
          {t('flashcards.knowIt')} <kbd aria-hidden="true">{SORT_KEYS.known}</kbd>
        </button>
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => apply({ type: 'previous' })}
          disabled={index === 0}
          aria-label={t('flashcards.previousCard')}
        >
          <span aria-hidden="true" className="flip-rtl">
            ←
          </span>
          <span className={styles.controlText}>{t('flashcards.previous')}</span>
        </button>
        <span className={styles.position} aria-live="polite">
          {index + 1} / {size}
        </span>
        <button type="button" className="button button-secondary" onClick={() => apply({ type: 'next' })} aria-label={t('flashcards.nextCard')}>
          <span className={styles.controlText}>{t('flashcards.next')}</span>
          <span aria-hidden="true" className="flip-rtl">
            →
          </span>
        </button>
      </div>

      <details className={styles.shortcuts}>
        <summary>{t('flashcards.shortcuts')}</summary>
        <dl>
          <dt>{t('flashcards.keys.flip')}</dt>
          <dd>{t('flashcards.flip')}</dd>
          <dt>{t('flashcards.keys.move')}</dt>
          <dd>{t('flashcards.move')}</dd>
          <dt>{SORT_KEYS.known}</dt>
          <dd>{t('flashcards.knowIt')}</dd>
          <dt>{SORT_KEYS.learning}</dt>
          <dd>{t('flashcards.stillLearning')}</dd>
        </dl>
      </details>

      <FormError message={loadError} />
      <div className={styles.more}>
        <p className="muted">{t('flashcards.showing', { size, total: inRound })}</p>
        {state.limit < inRound && (
          <button type="button" className="button button-secondary" onClick={() => apply({ type: 'showMore' })} disabled={loadingMore}>
            {loadingMore ? t('shell.loading') : t('study.loadMore')}
          </button>
        )}
      </div>
    </section>
  )
}
