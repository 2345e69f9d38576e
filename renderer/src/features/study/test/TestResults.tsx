import { FormulaText } from '@/components/card-side'
import { answerWords, EnginePicture } from '@/components/card-pictures'
import { PromptExtra } from '@/components/cloze'
import { StudyEndActions, StudySummary } from '@/features/study/StudyFrame'
import { T, useT } from '@/lib/i18n'
import type { CardResult, TestResult } from './test-mode'
import styles from './Test.module.css'

/** The score (its heading takes the focus: StudySession), each card's result, and the ways on. */
export function TestResults({
  setId,
  result,
  onRetakeMissed,
  onNewTest,
}: {
  setId: string
  result: TestResult
  onRetakeMissed: (() => void) | undefined
  onNewTest: () => void
}) {
  const t = useT()
  return (
    <StudySummary label={t('test.results')} heading={t('test.score', { percent: result.percent })} focus headingClassName={styles.heading}>
      <p>{t('test.correctOf', { correct: result.correct, total: result.total })}</p>
      <ol className={styles.results}>
        {result.results.map((item, index) => (
          <ResultRow key={`${item.card.id}-${index}`} item={item} />
        ))}
      </ol>
      <div className={styles.actions}>
        {onRetakeMissed && (
          <button type="button" className="button" onClick={onRetakeMissed}>
            {t('test.retakeMissed')}
          </button>
        )}
      </div>
      <StudyEndActions setId={setId} restartLabel={t('test.newTest')} onRestart={onNewTest} />
    </StudySummary>
  )
}

function ResultRow({ item }: { item: CardResult }) {
  const t = useT()
  const mark = t(item.correct ? (item.verdict === 'almost' ? 'test.mark.almost' : 'test.mark.correct') : 'test.mark.incorrect')
  return (
    <li className={item.correct ? styles.right : styles.wrong}>
      <p className={styles.resultTerm}>
        <span aria-hidden="true">{item.correct ? '✓ ' : '✗ '}</span>
        <EnginePicture card={item.card} side="term" text={item.card.term} size="tile" />
        <strong>
          <FormulaText text={item.card.term} />
        </strong>{' '}
        <span className={styles.kindLabel}>{mark}</span>
      </p>
      <p>
        <T id="study.yourAnswerIs" components={{ 0: item.given === '' ? <em>{t('test.noAnswer')}</em> : <FormulaText text={answerWords(item.given)} /> }} />
      </p>
      {(!item.correct || item.verdict === 'almost') && (
        <p>
          <T id="study.correctAnswerIs" components={{ 0: <FormulaText text={answerWords(item.expected)} /> }} />
        </p>
      )}
      <PromptExtra card={item.card} />
    </li>
  )
}
