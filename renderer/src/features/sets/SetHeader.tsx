import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { StudySet } from '#shared/api/sets'
import { VisibilityIcon } from '@/components/icons'
import { FormError } from '@/components/FormError'
import { useAuth } from '@/features/auth'
import { T, useT } from '@/lib/i18n'
import { SetActions } from './SetActions'
import { cardCountLabel, ownerName } from './set-text'
import { TagList } from './TagList'
import type { SetPageActions } from './useSetActions'
import styles from './SetDetail.module.css'

interface SetHeaderProps {
  set: StudySet
  isOwner: boolean
  actions: SetPageActions
  onEdit: () => void
  onExport: () => void
  /** "Available offline", after the card count (the page's, see SetPageParts). */
  offlineToggle: ReactNode
  /** Under the tags: the review link, then for a verified user the live game's. */
  reviewLink: ReactNode
  gameLink: ReactNode
}

/** The set page's header: the title and the set's actions, who made it, its cards, tags and links, and what an action said. */
export function SetHeader({ set, isOwner, actions, onEdit, onExport, offlineToggle, reviewLink, gameLink }: SetHeaderProps) {
  const t = useT()
  const auth = useAuth()
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{set.title}</h1>
        <SetActions
          isOwner={isOwner}
          isPublic={set.isPublic}
          busy={actions.busy}
          onEdit={onEdit}
          onToggleVisibility={() => void actions.toggleVisibility()}
          onDelete={() => void actions.deleteSet()}
          onCopyLink={() => void actions.copyLink()}
          onExport={onExport}
          onAddReverse={() => void actions.addReverseToAll()}
          onSaveCopy={auth?.user.verified && !isOwner ? () => void actions.saveCopy() : undefined}
        />
      </div>
      {set.description && <p className={styles.description}>{set.description}</p>}
      <p className={styles.meta}>
        <span>{t('sets.createdBy', { name: ownerName(set) })}</span>
        <span aria-hidden="true">·</span>
        <span>{cardCountLabel(set.cardCount)}</span>
        {offlineToggle}
        <span aria-hidden="true">·</span>
        <span className={styles.visibility}>
          <VisibilityIcon isPublic={set.isPublic} />
          <span aria-hidden="true">{set.isPublic ? t('sets.public') : t('sets.private')}</span>
        </span>
      </p>
      {set.copiedFromSetId && (
        <p className={styles.meta}>
          <span>
            <T id="sets.copiedFrom" components={{ 0: <Link to={`/study-sets/${encodeURIComponent(set.copiedFromSetId)}`} /> }} />
          </span>
        </p>
      )}
      <TagList tags={set.tags} />
      {reviewLink}
      {auth?.user.verified && gameLink}
      <FormError message={actions.error} />
      <p className="muted" role="status">
        {actions.status}
      </p>
    </header>
  )
}

/** What the set page shows under its mode bar. */
export type SetPageView = 'terms' | 'flashcards'

/** The mode bar: Terms and Flashcards show on this page, the other modes are pages of their own (`modePath`). */
export function SetModes({ view, onView, modePath }: { view: SetPageView; onView: (view: SetPageView) => void; modePath: (mode: string) => string }) {
  const t = useT()
  return (
    <nav className={styles.modes} aria-label={t('sets.detail.modes')}>
      <button type="button" className={styles.mode} aria-pressed={view === 'terms'} onClick={() => onView('terms')}>
        {t('mode.terms')}
      </button>
      <Link to={modePath('learn')} className={styles.mode}>
        {t('mode.learn')}
      </Link>
      <button type="button" className={styles.mode} aria-pressed={view === 'flashcards'} onClick={() => onView('flashcards')}>
        {t('mode.flashcards')}
      </button>
      <Link to={modePath('match')} className={styles.mode}>
        {t('mode.match')}
      </Link>
      <Link to={modePath('write')} className={styles.mode}>
        {t('mode.write')}
      </Link>
      <Link to={modePath('test')} className={styles.mode}>
        {t('mode.test')}
      </Link>
    </nav>
  )
}
