import { useFocusTarget } from '@/features/study/StudySession'
import { useShared, useT } from '@/lib/i18n'
import styles from './FlashcardView.module.css'

interface FlashcardSummaryProps {
  roundNumber: number
  known: number
  /** The ids of the round's cards still being learned. */
  learning: readonly string[]
  onStudyLearning: () => void
  onStartOver: () => void
}

/** The end of a round: how it went (its heading takes the focus: StudySession), a round of the cards still being learned, or all again. */
export function FlashcardSummary({ roundNumber, known, learning, onStudyLearning, onStartOver }: FlashcardSummaryProps) {
  const t = useT()
  const flashcardMessages = useShared('flashcardMessages')
  const focusTarget = useFocusTarget()
  const played = known + learning.length
  return (
    <div className={styles.summary} role="region" aria-label={t('flashcards.roundSummary')}>
      <h2 tabIndex={-1} ref={focusTarget}>
        {t('flashcards.roundComplete', { round: roundNumber })}
      </h2>
      <p>{t('flashcards.roundResult', { known, played, learning: learning.length })}</p>
      <div className={styles.summaryActions}>
        {learning.length > 0 && (
          <button type="button" className="button" onClick={onStudyLearning}>
            {flashcardMessages.studyLearning(learning.length)}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onStartOver}>
          {t('flashcards.startOver')}
        </button>
      </div>
    </div>
  )
}
