import { useT } from '@/lib/i18n'
import type { FlashcardsEvent, Sorting } from './flashcards'
import styles from './FlashcardView.module.css'

/** The sorting keys, shown beside their buttons (the same on every keyboard: useDeckKeys reads k and l). */
const SORT_KEYS = { known: 'K', learning: 'L' } as const

/** "Still learning" and "Know it", pressed as the card on show was sorted. */
export function SortButtons({ sortedAs, onSort }: { sortedAs: Sorting | undefined; onSort: (sorting: Sorting) => void }) {
  const t = useT()
  return (
    <div className={styles.sorting}>
      <button type="button" className={`button button-secondary ${styles.learning}`} aria-pressed={sortedAs === 'learning'} onClick={() => onSort('learning')}>
        {t('flashcards.stillLearning')} <kbd aria-hidden="true">{SORT_KEYS.learning}</kbd>
      </button>
      <button type="button" className={`button button-secondary ${styles.known}`} aria-pressed={sortedAs === 'known'} onClick={() => onSort('known')}>
        {t('flashcards.knowIt')} <kbd aria-hidden="true">{SORT_KEYS.known}</kbd>
      </button>
    </div>
  )
}

/** Previous and Next, and where the card on show is in the deck. */
export function DeckMoves({ index, size, apply }: { index: number; size: number; apply: (event: FlashcardsEvent) => void }) {
  const t = useT()
  return (
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
  )
}

/** The keyboard shortcuts, folded away. */
export function DeckShortcuts() {
  const t = useT()
  return (
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
  )
}
