import type { Flashcard } from '../../../../shared/api/sets'
import { PencilIcon, TrashIcon } from './icons'
import styles from './TermsList.module.css'
import { FormError } from '../../components/FormError'

interface TermsListProps {
  cards: Flashcard[]
  total: number
  hasMore: boolean
  loadingMore: boolean
  loadError: string
  onLoadMore: () => void
  /** Owner only: edit and delete buttons on each card. */
  onEdit?: (card: Flashcard) => void
  onDelete?: (card: Flashcard) => void
}

/** 'Terms in this set (n)': every term beside its definition, 50 at a time. */
export function TermsList({ cards, total, hasMore, loadingMore, loadError, onLoadMore, onEdit, onDelete }: TermsListProps) {
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>
        Terms in this set ({total})
      </h2>
      {cards.length === 0 ? (
        <p className={styles.empty}>This set has no flashcards yet.</p>
      ) : (
        <ol className={styles.list}>
          {cards.map((card) => (
            <li key={card.id} className={styles.item}>
              <p className={styles.term}>{card.term}</p>
              <p className={styles.definition}>{card.definition}</p>
              {(onEdit || onDelete) && (
                <div className={styles.actions}>
                  {onEdit && (
                    <button type="button" className={styles.iconButton} aria-label={`Edit flashcard ${card.term}`} title="Edit flashcard" onClick={() => onEdit(card)}>
                      <PencilIcon />
                    </button>
                  )}
                  {onDelete && (
                    <button
                      type="button"
                      className={`${styles.iconButton} ${styles.danger}`}
                      aria-label={`Delete flashcard ${card.term}`}
                      title="Delete flashcard"
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
      {hasMore && (
        <button type="button" className={`button button-secondary ${styles.more}`} onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load More Cards'}
        </button>
      )}
    </section>
  )
}
