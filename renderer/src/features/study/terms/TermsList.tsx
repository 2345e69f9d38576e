import { useEffect, useId, useMemo, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { CardMemoryView } from '#shared/api/memory'
import type { CardProgress } from '#shared/api/study'
import { CardImage } from '@/components/CardImage'
import { FormulaText } from '@/components/card-side'
import { FormError } from '@/components/FormError'
import {
  arrangeTerms,
  needsAllCards,
  statusBadge,
  TERMS_FILTERS,
  TERMS_SORTS,
  type TermsFilter,
  type TermsSort,
  type CardProgressWithMemory,
  termRows,
} from './terms'
import { PencilIcon, TrashIcon } from '@/components/icons'
import type { Stars } from '@/features/stars'
import { useSideLanguages } from '@/features/read-aloud'
import { SpeakSlot, StarSlot } from '@/lib/study-slots'
import styles from './TermsList.module.css'
import { formatDateTime, type Translate, useT } from '@/lib/i18n'

export interface TermsListProps {
  cards: Flashcard[]
  total: number
  hasMore: boolean
  loadingMore: boolean
  loadError: string
  onLoadMore: () => void
  /** Loads every card not shown yet: sorting or filtering is over the whole set. */
  onLoadAll: () => void
  /** The signed-in student's progress (null for a visitor or while it loads): shown on each card. */
  progress: CardProgressWithMemory[] | null
  /** Owner only: edit and delete buttons on each card. */
  onEdit?: (card: Flashcard) => void
  onDelete?: (card: Flashcard) => void
  /** The signed-in student's stars (null for a visitor): a star toggle on each card. */
  stars?: Stars | null
  /** The set's read-aloud languages (null: guessed from the cards' writing). */
  languages?: Pick<StudySet, 'termLanguage' | 'definitionLanguage'>
}

/** '80% · 5 attempts', or nothing for a card never answered (its badge says 'Not studied'). */
function masteryFigures({ masteryRate, attempts }: CardProgress, t: Translate): string {
  if (attempts === 0) return ''
  return t('terms.mastery', { percent: Math.round(masteryRate * 100), attempts })
}

const shortDate = (iso: string) => formatDateTime(iso, undefined, { month: 'short', day: 'numeric' })

/** 'Recall now 72% · next review Nov 30' (or 'due now'), from the card's memory. */
function memoryFigures(memory: CardMemoryView, now: number, t: Translate): string {
  const percent = Math.round(memory.retrievability * 100)
  return Date.parse(memory.due) <= now ? t('terms.memory.due', { percent }) : t('terms.memory.next', { percent, date: shortDate(memory.due) })
}

/**
 * 'Terms in this set (n)': every term beside its definition, 50 at a time, with the student's
 * mastery of each. Sorting (mastery, attempts, alphabetical) or filtering by status loads the
 * whole set first, so the order is the set's and not the first page's.
 */
export function TermsList({
  cards,
  total,
  hasMore,
  loadingMore,
  loadError,
  onLoadMore,
  onLoadAll,
  progress,
  onEdit,
  onDelete,
  stars,
  languages,
}: TermsListProps) {
  const t = useT()
  const spoken = useSideLanguages(languages, cards)
  const [sort, setSort] = useState<TermsSort>('position')
  const [filter, setFilter] = useState<TermsFilter>('all')
  const sortId = useId()
  const filterId = useId()
  const wholeSet = needsAllCards(sort, filter)

  useEffect(() => {
    if (wholeSet && hasMore && !loadingMore && !loadError) onLoadAll()
  }, [wholeSet, hasMore, loadingMore, loadError, onLoadAll])

  const rows = useMemo(() => arrangeTerms(termRows(cards, progress ?? []), sort, filter), [cards, progress, sort, filter])

  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{t('terms.heading', { total })}</h2>
      {cards.length > 0 && (
        <div className={styles.controls}>
          <label htmlFor={sortId}>{t('terms.sortBy')}</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as TermsSort)}>
            {TERMS_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
          <label htmlFor={filterId}>{t('terms.show')}</label>
          <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value as TermsFilter)}>
            {TERMS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
      )}
      {cards.length === 0 ? (
        <p className={styles.empty}>{t('study.noFlashcards')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t('terms.noMatch')}</p>
      ) : (
        <ol className={styles.list}>
          {rows.map(({ card, progress: stats, memory }) => (
            <li key={card.id} className={styles.item}>
              <div className={styles.termCell}>
                {card.termImage && <CardImage image={card.termImage} text={card.term} position={card.position} />}
                {card.term && (
                  <p className={styles.term}>
                    <FormulaText text={card.term} />
                    <SpeakSlot className={styles.speak} text={card.term} language={spoken.term} side="term" audio={card.termAudio} />
                  </p>
                )}
                {progress && (
                  <p className={styles.mastery}>
                    <span className={`${styles.status} ${styles[statusBadge(stats).tone]}`}>{statusBadge(stats).label}</span>{' '}
                    <span className={styles.figures}>{masteryFigures(stats, t)}</span>
                  </p>
                )}
                {memory && <p className={styles.figures}>{memoryFigures(memory, Date.now(), t)}</p>}
              </div>
              <div className={styles.definition}>
                {card.definitionImage && <CardImage image={card.definitionImage} text={card.definition} position={card.position} />}
                {card.definition && (
                  <p className={styles.definitionText}>
                    <FormulaText text={card.definition} />
                    <SpeakSlot className={styles.speak} text={card.definition} language={spoken.definition} side="definition" audio={card.definitionAudio} />
                  </p>
                )}
              </div>
              {(onEdit || onDelete || stars) && (
                <div className={styles.actions}>
                  {stars && (
                    <StarSlot
                      starred={stars.ids?.has(card.id) ?? false}
                      disabled={!stars.ids}
                      cardName={card.term || String(card.position)}
                      onToggle={() => stars.toggle(card.id)}
                    />
                  )}
                  {onEdit && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('terms.editCard', { name: card.term || card.position })}
                      title={t('terms.editCardTitle')}
                      onClick={() => onEdit(card)}
                    >
                      <PencilIcon />
                    </button>
                  )}
                  {onDelete && (
                    <button
                      type="button"
                      className={`icon-button ${styles.danger}`}
                      aria-label={t('terms.deleteCard', { name: card.term || card.position })}
                      title={t('terms.deleteCardTitle')}
                      onClick={() => onDelete(card)}
                    >
                      <TrashIcon />
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <FormError message={loadError} />
      {hasMore && !wholeSet && (
        <button type="button" className={`button button-secondary ${styles.more}`} onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? t('shell.loading') : t('study.loadMore')}
        </button>
      )}
    </section>
  )
}
