import { Link } from 'react-router-dom'
import type { StudySet } from '#shared/api/sets'
import { PencilIcon, VisibilityIcon } from '@/components/icons'
import styles from './SetCard.module.css'
import { cardCountLabel, ownerName } from './set-text'
import { TagList } from './TagList'
import { useT } from '@/lib/i18n'

interface SetCardProps {
  set: StudySet
  /** Public lists: 'By {owner}'. */
  showOwner?: boolean
  /** The owner's list: the Public Set / Private Set mark. */
  showVisibility?: boolean
  /** The owner's list: an edit button opening the edit dialog. */
  onEdit?: (set: StudySet) => void
  /** A short mark under the title, e.g. 'Kept on this device' offline. */
  note?: string
  /** Tools under the card (My Sets' folder tools). */
  extra?: React.ReactNode
}

/** One set in a grid. The whole card opens the set; the edit button sits above that link. */
export function SetCard({ set, showOwner = false, showVisibility = false, onEdit, note, extra }: SetCardProps) {
  const t = useT()
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <h2 className={styles.title}>
          <Link to={`/study-sets/${encodeURIComponent(set.id)}`} className={styles.link}>
            {set.title}
          </Link>
        </h2>
        {showVisibility && <VisibilityIcon isPublic={set.isPublic} className={styles.visibility} />}
      </div>
      {note && <p className={styles.note}>{note}</p>}
      {set.description && <p className={styles.description}>{set.description}</p>}
      {showOwner && <p className={styles.owner}>{t('sets.card.by', { name: ownerName(set) })}</p>}
      <TagList tags={set.tags} />
      <div className={styles.footer}>
        <span className={styles.count}>{cardCountLabel(set.cardCount)}</span>
        {onEdit && (
          <button
            type="button"
            className={styles.edit}
            aria-label={t('sets.card.edit', { title: set.title })}
            title={t('sets.editSet.label')}
            onClick={() => onEdit(set)}
          >
            <PencilIcon />
          </button>
        )}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </article>
  )
}

/** The responsive grid the set cards sit in. */
export function SetGrid({ sets, renderCard, busy = false }: { sets: StudySet[]; renderCard: (set: StudySet) => React.ReactNode; busy?: boolean }) {
  return (
    <ul className={`${styles.grid} ${busy ? styles.busy : ''}`} aria-busy={busy || undefined}>
      {sets.map((set) => (
        <li key={set.id}>{renderCard(set)}</li>
      ))}
    </ul>
  )
}
