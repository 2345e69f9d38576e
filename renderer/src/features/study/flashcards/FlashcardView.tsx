import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { FLASHCARDS_VIEW_STEP } from '#shared/limits'
import { hasAnswerWithChoice, type StudyItem, studyItems } from '#shared/study/prompts'
import { AnswerWithChoice } from '@/features/study/prompts/AnswerWithChoice'
import { FormError } from '@/components/FormError'
import { recordStudyAnswer } from '@/features/study/study-api'
import { StudySession } from '@/features/study/StudySession'
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
} from './flashcards'
import styles from './FlashcardView.module.css'
import { useDeckKeys, useRevealOnOpen } from './useDeckKeys'
import { FlashcardCard } from './FlashcardCard'
import { DeckMoves, DeckShortcuts, SortButtons } from './FlashcardControls'
import { FlashcardSummary } from './FlashcardSummary'
import type { Stars } from '@/features/stars'
import { StarSlot } from '@/lib/study-slots'
import { useSideLanguages } from '@/features/read-aloud'
import { useT } from '@/lib/i18n'

export interface FlashcardViewProps {
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
  const [state, setState] = useState<FlashcardsState>(() => initialFlashcards(FLASHCARDS_VIEW_STEP))
  const hintId = useId()
  const round = roundCards(state, cards)
  const available = round.length
  const inRound = roundSize(state, total)
  const apply = (event: FlashcardsEvent) => setState((current) => flashcardsReducer(current, event, available, inRound))
  const size = deckSize(state, available)
  const index = currentIndex(state, available)
  const card = round[index]
  const spoken = useSideLanguages(languages, cards)
  const viewRef = useRef<HTMLElement>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  useRevealOnOpen(viewRef, frameRef)
  const sort = (sorting: Sorting) => {
    if (!card || state.summary) return
    apply({ type: 'sort', cardId: card.id, sorting })
    const correct = sorting === 'known'
    void recordStudyAnswer(setId, { cardId: card.id, mode: 'flashcards', correct, question: 'self_graded', outcome: correct ? 'right' : 'wrong' })
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

  const counts = sortedCounts(state)
  const roundIds = round.map((item) => item.id)
  const result = state.summary ? roundResult(state, roundIds) : undefined
  return (
    <StudySession view={state.summary ? `summary:${state.roundNumber}` : 'deck'}>
      <section ref={viewRef} className={styles.view} aria-label={t('mode.flashcards')}>
        <div className={styles.toolbar}>
          <button type="button" className="button button-secondary" aria-pressed={state.shuffled} onClick={() => void toggleShuffle()} disabled={loadingMore}>
            {t('flashcards.shuffle')}
          </button>
          <p className={styles.piles} aria-live="polite">
            {t('flashcards.piles', { known: counts.known, learning: counts.learning })}
          </p>
          {stars && card && !state.summary && (
            <StarSlot starred={stars.ids?.has(card.asked.cardId) ?? false} disabled={!stars.ids} onToggle={() => stars.toggle(card.asked.cardId)} />
          )}
        </div>
        {result ? (
          <FlashcardSummary
            roundNumber={state.roundNumber}
            known={result.known}
            learning={result.learning}
            onStudyLearning={() =>
              apply({
                type: 'studyLearning',
                ids: state.shuffled ? shuffledIds(cards.filter((item) => result.learning.includes(item.id))) : result.learning,
                shuffled: state.shuffled,
              })
            }
            onStartOver={() => apply({ type: 'restart' })}
          />
        ) : (
          card && (
            <>
              <FlashcardCard card={card} flipped={state.flipped} spoken={spoken} hintId={hintId} frameRef={frameRef} apply={apply} />
              <p id={hintId} className={styles.hint}>
                {t('flashcards.hint')}
              </p>
              <SortButtons sortedAs={state.sorted[card.id]} onSort={sort} />
              <DeckMoves index={index} size={size} apply={apply} />
              <DeckShortcuts />
              <FormError message={loadError} />
              <div className={styles.more}>
                <p className="muted">{t('flashcards.showing', { size, total: inRound })}</p>
                {state.limit < inRound && (
                  <button type="button" className="button button-secondary" onClick={() => apply({ type: 'showMore' })} disabled={loadingMore}>
                    {loadingMore ? t('shell.loading') : t('study.loadMore')}
                  </button>
                )}
              </div>
            </>
          )
        )}
      </section>
    </StudySession>
  )
}
