import { FormulaText } from '@/components/card-side'
import { splitAnswer } from '@/components/card-pictures'
import { StudyEndActions, StudyStats, StudySummary } from '@/features/study/StudyFrame'
import { useFocusTarget } from '@/features/study/StudySession'
import { useT } from '@/lib/i18n'
import { batchSummary, type WriteCard, type WriteEvent, type WriteState } from './write'
import styles from './Write.module.css'

interface SummaryProps {
  state: WriteState
  dispatch: (event: WriteEvent) => void
}

function TermList({ heading, cards, withDefinitions = false }: { heading: string; cards: WriteCard[]; withDefinitions?: boolean }) {
  if (cards.length === 0) return null
  return (
    <section className={styles.listSection} aria-label={heading}>
      <h3 className={styles.listHeading}>
        {heading} ({cards.length})
      </h3>
      <ul className={styles.list}>
        {cards.map((card) => (
          <li key={card.id}>
            <FormulaText className={styles.listTerm} text={card.term} />
            {withDefinitions && <FormulaText className={styles.listDefinition} text={splitAnswer(card.definition).text} />}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** After each batch: how it went, what is left, and the way on (or back to the start). */
export function BatchSummaryView({ state, dispatch }: SummaryProps) {
  const t = useT()
  const summary = batchSummary(state)
  // The batch's last button is gone; Continue takes the focus so Enter carries on (StudySession).
  const focusTarget = useFocusTarget()
  const stats: Array<[label: string, value: string]> = [
    [t('write.stat.correct'), String(summary.correct.length)],
    [t('write.stat.incorrect'), String(summary.incorrect.length)],
    [t('write.stat.missed'), String(summary.missed.length)],
    [t('write.stat.remaining'), String(summary.remaining)],
    [t('write.stat.processed'), `${summary.processed}/${summary.total}`],
  ]
  return (
    <StudySummary label={t('learn.batchSummary')} heading={t('learn.batchComplete', { batch: summary.batchNumber })}>
      <StudyStats items={stats} narrow />
      <TermList heading={t('write.stat.correct')} cards={summary.correct} />
      <TermList heading={t('write.stat.incorrect')} cards={summary.incorrect} withDefinitions />
      {summary.missed.length > 0 && <p className="muted">{t('write.missedFirst')}</p>}
      <div className={styles.actions}>
        <button ref={focusTarget} type="button" className="button" onClick={() => dispatch({ type: 'continue' })}>
          {t('write.continue')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => dispatch({ type: 'restart' })}>
          {t('write.restart')}
        </button>
      </div>
    </StudySummary>
  )
}

/** Every card answered right at least once. */
export function CompleteView({ state, setId, dispatch }: SummaryProps & { setId: string }) {
  const t = useT()
  const total = state.cards.length
  const retried = state.incorrect.length
  return (
    <StudySummary label={t('write.completeLabel')} heading={t('write.allDone')} focus>
      <p>{retried > 0 ? t('write.allCorrect.retried', { total, retried }) : t('write.allCorrect.firstTry', { total })}</p>
      <StudyEndActions setId={setId} restartLabel={t('write.restart')} onRestart={() => dispatch({ type: 'restart' })} />
    </StudySummary>
  )
}
