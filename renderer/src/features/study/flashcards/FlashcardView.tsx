import { type PointerEvent, useEffect, useId, useRef, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { FLASHCARDS_VIEW_STEP } from '#shared/limits'
import { flashcardMessages } from '#shared/messages'
import { FormError } from '@/components/FormError'
import { recordAnswer, saveQuietly } from '@/features/study/study-api'
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
} from './flashcards'
import styles from './FlashcardView.module.css'
import { useDeckKeys, useRevealOnOpen } from './useDeckKeys'
import { CardImage } from '@/components/CardImage'
import { StarButton } from '@/features/study/stars/StarButton'
import type { Stars } from '@/features/study/stars/useStars'
import { SpeakButton, useSideLanguages } from '@/features/study/read-aloud'

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
export function FlashcardView({ setId, cards, total, loadingMore, loadError, onLoadMore, onLoadAll, stars, languages }: FlashcardViewProps) {
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

  if (total === 0 || (!card && !state.summary)) {
    return (
      <div className={styles.empty}>
        <p>This set has no flashcards yet.</p>
      </div>
    )
  }

  const toggleShuffle = async () => {
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
    apply({ type: dx < 0 ? 'next' : 'previous' })
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
        Shuffle
      </button>
      <p className={styles.piles} aria-live="polite">
        Know it: {counts.known} · Still learning: {counts.learning}
      </p>
      {stars && card && !state.summary && (
        <StarButton starred={stars.ids?.has(card.id) ?? false} disabled={!stars.ids} onToggle={() => stars.toggle(card.id)} />
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
      <section ref={viewRef} className={styles.view} aria-label="Flashcards">
        {toolbar}
        <div className={styles.summary} role="region" aria-label="Round summary">
          <h2 tabIndex={-1} ref={(element) => element?.focus()}>
            Round {state.roundNumber} complete
          </h2>
          <p>
            You know {result.known} of {played} {played === 1 ? 'card' : 'cards'}; {learning.length} still learning.
          </p>
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
              Start over
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
    <section ref={viewRef} className={styles.view} aria-label="Flashcards">
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
              <span className={styles.side}>Term</span>
              {card.termImage && <CardImage image={card.termImage} text={card.term} position={card.position} size="large" />}
              {card.term && <span className={styles.term}>{card.term}</span>}
            </span>
            <span className={`${styles.face} ${styles.back}`} aria-hidden={!flipped}>
              <span className={styles.side}>Definition</span>
              {card.definitionImage && <CardImage image={card.definitionImage} text={card.definition} position={card.position} size="large" />}
              {card.definition && <span className={styles.definition}>{card.definition}</span>}
            </span>
          </span>
        </button>
        <SpeakButton
          key={flipped ? 'definition' : 'term'}
          className={styles.speak}
          text={flipped ? card.definition : card.term}
          language={flipped ? spoken.definition : spoken.term}
          side={flipped ? 'definition' : 'term'}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        Tap the card or press Space to flip it. Swipe or use the arrow keys to move.
      </p>

      <div className={styles.sorting}>
        <button type="button" className={`button button-secondary ${styles.learning}`} aria-pressed={sortedAs === 'learning'} onClick={() => sort('learning')}>
          Still learning <kbd aria-hidden="true">L</kbd>
        </button>
        <button type="button" className={`button button-secondary ${styles.known}`} aria-pressed={sortedAs === 'known'} onClick={() => sort('known')}>
          Know it <kbd aria-hidden="true">K</kbd>
        </button>
      </div>

      <div className={styles.controls}>
        <button type="button" className="button button-secondary" onClick={() => apply({ type: 'previous' })} disabled={index === 0} aria-label="Previous card">
          <span aria-hidden="true">←</span>
          <span className={styles.controlText}>Previous</span>
        </button>
        <span className={styles.position} aria-live="polite">
          {index + 1} / {size}
        </span>
        <button type="button" className="button button-secondary" onClick={() => apply({ type: 'next' })} aria-label="Next card">
          <span className={styles.controlText}>Next</span>
          <span aria-hidden="true">→</span>
        </button>
      </div>

      <details className={styles.shortcuts}>
        <summary>Keyboard shortcuts</summary>
        <dl>
          <dt>Space, Enter, ↑ or ↓</dt>
          <dd>Flip the card</dd>
          <dt>← and →</dt>
          <dd>Previous and next card</dd>
          <dt>K</dt>
          <dd>Know it</dd>
          <dt>L</dt>
          <dd>Still learning</dd>
        </dl>
      </details>

      <FormError message={loadError} />
      <div className={styles.more}>
        <p className="muted">
          Showing {size} of {inRound} {inRound === 1 ? 'card' : 'cards'}
        </p>
        {state.limit < inRound && (
          <button type="button" className="button button-secondary" onClick={() => apply({ type: 'showMore' })} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load More Cards'}
          </button>
        )}
      </div>
    </section>
  )
}
