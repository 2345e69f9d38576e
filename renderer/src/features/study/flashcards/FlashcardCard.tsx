import { type PointerEvent, type RefObject, useRef, useState } from 'react'
import type { Flashcard } from '#shared/api/sets'
import type { StudyItem } from '#shared/study/prompts'
import { CardSide } from '@/components/card-side'
import { ClozeFilled, PromptExtra } from '@/components/cloze'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { useT } from '@/lib/i18n'
import { type FlashcardsEvent, swipeAction, swipeClickGuard } from './flashcards'
import styles from './FlashcardView.module.css'

/** A horizontal swipe longer than this (CSS pixels) moves to the next or previous card. */
const SWIPE_DISTANCE = 50

interface FlashcardCardProps {
  card: StudyItem<Flashcard>
  flipped: boolean
  spoken: SideLanguages
  /** The hint under the card, which describes it. */
  hintId: string
  frameRef: RefObject<HTMLDivElement | null>
  /** A click or tap flips the card, a swipe moves through the deck. */
  apply: (event: FlashcardsEvent) => void
}

/** The card on show, turned over by a click or a tap; a swipe left or right moves on or back. */
export function FlashcardCard({ card, flipped, spoken, hintId, frameRef, apply }: FlashcardCardProps) {
  const t = useT()
  const swipeStart = useRef<{ x: number; y: number } | null>(null)
  /** The click a swipe ends with (some browsers send one) does not flip. */
  const [clicks] = useState(swipeClickGuard)

  const onPointerDown = (event: PointerEvent) => {
    clicks.pressed()
    swipeStart.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY }
  }
  /** A swipe left goes to the next card, a swipe right to the one before; a tap flips (the click). */
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start) return
    const dx = event.clientX - start.x
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(event.clientY - start.y)) return
    clicks.swiped()
    apply(swipeAction(dx, document.documentElement.dir === 'rtl'))
  }
  const onPointerCancel = () => {
    swipeStart.current = null
  }
  const onCardClick = () => {
    if (clicks.clicked()) apply({ type: 'flip' })
  }

  // The speaker sits on the card, not in it: a button may not hold another, and reading aloud does not flip.
  return (
    <div ref={frameRef} className={styles.cardFrame}>
      <button
        type="button"
        className={styles.card}
        aria-pressed={flipped}
        aria-describedby={hintId}
        onClick={onCardClick}
        onKeyDown={clicks.pressed}
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
      <SpeakSlot
        key={flipped ? 'definition' : 'term'}
        className={styles.speak}
        text={flipped ? card.definition : card.term}
        language={itemLanguages(spoken, card.id)[flipped ? 'definition' : 'term']}
        side={flipped ? 'definition' : 'term'}
        audio={flipped ? card.definitionAudio : card.termAudio}
      />
    </div>
  )
}
