import { type KeyboardEvent, useId, useState } from 'react'
import type { Flashcard } from '@shared/api/sets'
import { FLASHCARDS_VIEW_STEP } from '@shared/limits'
import { currentIndex, deckSize, type FlashcardsEvent, flashcardsReducer, initialFlashcards } from './flashcards'
import styles from './FlashcardView.module.css'
import { FormError } from '@/components/FormError'

interface FlashcardViewProps {
  /** The set's cards loaded so far, in position order. */
  cards: Flashcard[]
  /** How many cards the set has in all. */
  total: number
  loadingMore: boolean
  loadError: string
  onLoadMore: () => Promise<void>
}

const KEY_EVENTS: Record<string, FlashcardsEvent> = {
  ArrowUp: { type: 'flip' },
  ArrowDown: { type: 'flip' },
  ArrowLeft: { type: 'previous' },
  ArrowRight: { type: 'next' },
}

/**
 * One card at a time, term first; clicking it (or Space, Enter, ↑ or ↓) turns it over, and ← and
 * → move through the deck. The deck holds 20 cards and grows by 20 with 'Load More Cards'.
 */
export function FlashcardView({ cards, total, loadingMore, loadError, onLoadMore }: FlashcardViewProps) {
  const [state, setState] = useState(() => initialFlashcards(FLASHCARDS_VIEW_STEP))
  const hintId = useId()
  const available = cards.length
  const apply = (event: FlashcardsEvent) => setState((current) => flashcardsReducer(current, event, available))
  const size = deckSize(state, available)
  const index = currentIndex(state, available)
  const card = cards[index]
  const flipped = state.flipped

  if (total === 0 || !card) {
    return (
      <div className={styles.empty}>
        <p>This set has no flashcards yet.</p>
      </div>
    )
  }

  const showMore = () => {
    const wanted = Math.min(state.limit + FLASHCARDS_VIEW_STEP, total)
    apply({ type: 'showMore', step: FLASHCARDS_VIEW_STEP })
    if (available < wanted && !loadingMore) void onLoadMore()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const mapped = KEY_EVENTS[event.key]
    if (!mapped || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    apply(mapped)
  }

  return (
    <section className={styles.view} aria-label="Flashcards" onKeyDown={onKeyDown}>
      <button type="button" className={styles.card} aria-pressed={flipped} aria-describedby={hintId} onClick={() => apply({ type: 'flip' })}>
        {/* Keyed by card: a new card appears term side up at once, without turning over. */}
        <span key={card.id} className={`${styles.inner} ${flipped ? styles.flipped : ''}`}>
          <span className={`${styles.face} ${styles.front}`} aria-hidden={flipped}>
            <span className={styles.side}>Term</span>
            <span className={styles.term}>{card.term}</span>
          </span>
          <span className={`${styles.face} ${styles.back}`} aria-hidden={!flipped}>
            <span className={styles.side}>Definition</span>
            <span className={styles.definition}>{card.definition}</span>
          </span>
        </span>
      </button>
      <p id={hintId} className={styles.hint}>
        Tap the card or press Space to flip it. Arrow keys: ↑ ↓ flip, ← → previous and next card.
      </p>

      <div className={styles.controls}>
        <button type="button" className="button button-secondary" onClick={() => apply({ type: 'previous' })} disabled={index === 0} aria-label="Previous card">
          <span aria-hidden="true">←</span>
          <span className={styles.controlText}>Previous</span>
        </button>
        <span className={styles.position} aria-live="polite">
          {index + 1} / {size}
        </span>
        <button type="button" className="button button-secondary" onClick={() => apply({ type: 'next' })} disabled={index + 1 >= size} aria-label="Next card">
          <span className={styles.controlText}>Next</span>
          <span aria-hidden="true">→</span>
        </button>
      </div>

      <FormError message={loadError} />
      <div className={styles.more}>
        <p className="muted">
          Showing {size} of {total} {total === 1 ? 'card' : 'cards'}
        </p>
        {state.limit < total && (
          <button type="button" className="button button-secondary" onClick={showMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load More Cards'}
          </button>
        )}
      </div>
    </section>
  )
}
