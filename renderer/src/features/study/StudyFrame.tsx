import { Fragment, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Spinner } from '@/components/Spinner'
import styles from './StudyFrame.module.css'
import type { LoadedStudySet } from './study-api'
import type { StudyLoad } from './useStudyCards'
import { useShared, useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { isStarredOnly, withStarred } from '@/features/stars'
import { StarredNoteSlot } from '@/lib/study-slots'
import { FormError } from '@/components/FormError'
import { AnswerWithChoice } from './prompts/AnswerWithChoice'
import { useFocusTarget } from './StudySession'

export const studySetPath = (setId: string) => `/study-sets/${encodeURIComponent(setId)}`

/** The set page's path, keeping "Starred only" (`?starred=1`) when this mode has it. */
function useSetPagePath(setId: string): string {
  return withStarred(studySetPath(setId), isStarredOnly(useLocation().search))
}

export function BackToSet({ setId }: { setId: string }) {
  const t = useT()
  return (
    <Link to={useSetPagePath(setId)} className={styles.back}>
      <span aria-hidden="true" className="flip-rtl">
        ←
      </span>{' '}
      {t('study.backToSet')}
    </Link>
  )
}

/** The frame of every study mode: its title and the way back to the set. */
export function StudyFrame({ title, setId, children }: { title: string; setId: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>{title}</h1>
        <BackToSet setId={setId} />
      </div>
      {children}
    </div>
  )
}

/** A bordered box for a mode's messages and summaries. */
export function StudyPanel({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className={styles.panel} aria-label={label}>
      {children}
    </section>
  )
}

/** A study mode's figures as label and value boxes; `narrow` fits five on a row. */
export function StudyStats({ items, narrow = false }: { items: Array<[label: string, value: string | number]>; narrow?: boolean }) {
  return (
    <dl className={narrow ? `${styles.stats} ${styles.statsNarrow}` : styles.stats}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.stat}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The way out of a finished session: start the mode again, or go back to the set. */
export function StudyEndActions({ setId, restartLabel, onRestart }: { setId: string; restartLabel: string; onRestart: () => void }) {
  const t = useT()
  const setPage = useSetPagePath(setId)
  return (
    <div className={styles.actions}>
      <button type="button" className="button" onClick={onRestart}>
        {restartLabel}
      </button>
      <Link to={setPage} className="button button-secondary">
        {t('study.backToSet')}
      </Link>
    </div>
  )
}

interface StudySummaryProps {
  /** The panel's name for screen readers. */
  label: string
  heading: string
  /** The heading takes the focus when the summary shows (a session's end; in a batch's summary the way on takes it). */
  focus?: boolean
  headingClassName?: string
  /** What the mode shows above the heading (Learn's question types, Match's "all matched"). */
  top?: ReactNode
  children: ReactNode
}

/** A batch's or a session's summary, drawn in the session's shell (StudySession): its panel, its heading, and the mode's figures and ways on. */
export function StudySummary({ label, heading, focus = false, headingClassName, top, children }: StudySummaryProps) {
  const focusTarget = useFocusTarget()
  return (
    <StudyPanel label={label}>
      {top}
      <h2 ref={focus ? focusTarget : undefined} tabIndex={focus ? -1 : undefined} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </StudyPanel>
  )
}

interface StudyLoadViewProps {
  title: string
  setId: string
  load: StudyLoad
  /** Completes "Add some flashcards before ..." for this mode, e.g. 'playing Match mode'. */
  emptyAction: string
  /** Draws the mode once the set and its cards are in hand (never called with no cards). */
  children: (loaded: LoadedStudySet) => ReactNode
}

/**
 * Everything a study mode shows before it can play: a spinner while loading, 'Error: {message}'
 * with a way back, 'Study set not found', and 'Empty Study Set' for a set with no cards.
 */
export function StudyLoadView({ title, setId, load, emptyAction, children }: StudyLoadViewProps) {
  const t = useT()
  const setMessages = useShared('setMessages')
  useDocumentTitle(title, load.kind === 'ready' ? load.set.title : undefined)
  const { pathname } = useLocation()
  const starredOnly = load.kind === 'ready' && load.starredOnly === true
  if (load.kind === 'ready' && load.cards.length > 0) {
    const { answerWith } = load
    return (
      <StudyFrame title={title} setId={setId}>
        {starredOnly && <StarredNoteSlot count={load.cards.length} />}
        {answerWith && <AnswerWithChoice value={answerWith.value} onChange={answerWith.onChange} />}
        {/* Another "Answer with" starts the mode again on its prompts. */}
        <Fragment key={answerWith?.value}>{children(load)}</Fragment>
      </StudyFrame>
    )
  }
  if (starredOnly) {
    return (
      <StudyFrame title={title} setId={setId}>
        <StudyPanel>
          <h2>{t('study.noStarred.title')}</h2>
          <p>{t('study.noStarred.text')}</p>
          <Link to={pathname} className="button">
            {t('study.noStarred.all')}
          </Link>
        </StudyPanel>
      </StudyFrame>
    )
  }
  return (
    <StudyFrame title={title} setId={setId}>
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'not_found' && (
        <StudyPanel>
          <h2>{setMessages.notFound}</h2>
          <p className="muted">{t('sets.detail.notFoundText')}</p>
        </StudyPanel>
      )}
      {load.kind === 'error' && (
        <StudyPanel>
          <h2>{t('common.error')}</h2>
          <FormError message={setMessages.loadError(load.message)} />
        </StudyPanel>
      )}
      {load.kind === 'ready' && (
        <StudyPanel>
          <h2>{t('study.empty.title')}</h2>
          <p>{t('study.empty.text', { action: emptyAction })}</p>
          <Link to={studySetPath(setId)} className="button">
            {t('study.backToSet')}
          </Link>
        </StudyPanel>
      )}
    </StudyFrame>
  )
}
