import type { CardImage as CardImageData } from '#shared/api/media'
import type { Flashcard } from '#shared/api/sets'
import { AnswerContent, answerWords } from '@/components/card-pictures'
import { PromptExtra } from '@/components/cloze'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { translate, useT } from '@/lib/i18n'
import type { LearnEvent, LearnQuestion, LearnState } from './learn'
import styles from './Learn.module.css'

/** The options of a multiple-choice or true/false question, and how the answer went. */
export function LearnChoices({
  state,
  question,
  dispatch,
  termId,
  hintId,
  cards,
  pictures,
  spoken,
}: {
  state: LearnState
  question: LearnQuestion
  dispatch: (event: LearnEvent) => void
  termId: string
  hintId: string
  cards: Flashcard[]
  pictures: Map<string, CardImageData>
  spoken: SideLanguages
}) {
  const t = useT()
  const answered = state.phase === 'answered'
  const right = answered && state.chosen === question.rightOption
  const languages = itemLanguages(spoken, question.card.id)
  return (
    <>
      <div role="group" aria-labelledby={termId} aria-describedby={hintId} className={styles.options}>
        {question.options.map((text, index) => {
          const isRight = answered && index === question.rightOption
          const isWrongChoice = answered && index === state.chosen && !isRight
          const className = [styles.option, isRight ? styles.right : '', isWrongChoice ? styles.wrong : ''].join(' ')
          const optionCard = cards.find((card) => card.definition === text)
          const label = question.kind === 'true_false' ? translate(index === 0 ? 'test.true' : 'test.false') : text
          return (
            <div key={index} className={styles.optionRow}>
              <button
                type="button"
                className={className}
                aria-pressed={state.chosen === index}
                disabled={answered}
                onClick={() => dispatch({ type: 'answer', option: index })}
              >
                <span className={styles.key} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={styles.optionText}>
                  <AnswerContent answer={label} pictures={pictures} />
                </span>
                {isRight && (
                  <span className={styles.mark}>
                    <span aria-hidden="true">✓</span> {t('learn.correctAnswer')}
                  </span>
                )}
                {isWrongChoice && (
                  <span className={styles.mark}>
                    <span aria-hidden="true">✗</span> {t('learn.yourAnswer')}
                  </span>
                )}
              </button>
              {/* Beside the option, not in it: a button may not hold another, and listening does not answer. True and False are not read. */}
              {question.kind !== 'true_false' && (
                <SpeakSlot className={styles.optionSpeak} text={text} language={languages.definition} side="definition" audio={optionCard?.definitionAudio} />
              )}
            </div>
          )
        })}
      </div>
      <div className={styles.feedback} role="status">
        {answered && (
          <p className={right ? styles.feedbackRight : styles.feedbackWrong}>
            <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
            {right ? t('learn.correct') : t('learn.incorrect', { answer: rightAnswer(question) })}
          </p>
        )}
        {answered && <PromptExtra card={question.card} />}
      </div>
    </>
  )
}

/** The right answer in words: the option, or for a proposed answer True, or False with the card's own. */
function rightAnswer(question: LearnQuestion): string {
  if (question.shown === undefined) return answerWords(question.options[question.rightOption] ?? '')
  return question.rightOption === 0 ? translate('test.true') : translate('test.falseWith', { definition: answerWords(question.card.definition) })
}
