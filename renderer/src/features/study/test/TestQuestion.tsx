import { createContext, useContext, useId } from 'react'
import { FormulaText } from '@/components/card-side'
import { AnswerContent, answerWords, audioOf, EnginePicture } from '@/components/card-pictures'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { T, useT } from '@/lib/i18n'
import type { TestAnswer, TestCard, TestQuestion } from './test-mode'
import styles from './Test.module.css'

/** The languages the set's sides are read aloud in, for the questions deep in the sheet. */
export const SpokenLanguages = createContext<SideLanguages>({ term: null, definition: null })

/** A question's term read aloud (or its recording played), as in the other modes. */
function TermSound({ card }: { card: TestCard }) {
  const spoken = useContext(SpokenLanguages)
  return <SpeakSlot text={card.term} language={itemLanguages(spoken, card.id).term} side="term" audio={audioOf(card, 'term')} />
}

/** One question of the sheet, drawn by its kind, and the student's answer to it. */
export function QuestionView({ question, answer, onAnswer }: { question: TestQuestion; answer: TestAnswer; onAnswer: (answer: TestAnswer) => void }) {
  const t = useT()
  const name = useId()
  switch (question.kind) {
    case 'multiple_choice':
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.kind.multipleChoice')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
            <TermSound card={question.card} />
          </legend>
          {question.options.map((option, index) => (
            <label key={index} className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={answer.kind === 'multiple_choice' && answer.option === index}
                onChange={() => onAnswer({ kind: 'multiple_choice', option: index })}
              />
              <span>
                <AnswerContent answer={option} />
              </span>
            </label>
          ))}
        </fieldset>
      )
    case 'true_false':
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.trueOrFalse')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
            <TermSound card={question.card} />
            <span className={styles.statement}>
              {' '}
              <T id="test.means" components={{ 0: <FormulaText text={answerWords(question.shownDefinition)} /> }} />
            </span>
            <AnswerContent answer={question.shownDefinition} pictureOnly />
          </legend>
          {[true, false].map((value) => (
            <label key={String(value)} className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={answer.kind === 'true_false' && answer.value === value}
                onChange={() => onAnswer({ kind: 'true_false', value })}
              />
              <span>{value ? t('test.true') : t('test.false')}</span>
            </label>
          ))}
        </fieldset>
      )
    case 'written':
      return (
        <div className={styles.fieldset}>
          <label htmlFor={name} className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.kind.written')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
          </label>
          <TermSound card={question.card} />
          <input
            id={name}
            className={styles.written}
            type="text"
            autoComplete="off"
            placeholder={t('study.typeAnswer')}
            value={answer.kind === 'written' ? answer.text : ''}
            onChange={(event) => onAnswer({ kind: 'written', text: event.target.value })}
          />
        </div>
      )
    case 'matching': {
      const picks = answer.kind === 'matching' ? answer.picks : question.cards.map(() => null)
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.kind.matching')}</span> {t('test.matchingPrompt')}
          </legend>
          {question.cards.map((card, cardIndex) => (
            <label key={card.id} className={styles.pair}>
              <span className={styles.pairTerm}>
                <EnginePicture card={card} side="term" text={card.term} size="tile" />
                <FormulaText text={card.term} />
              </span>
              <TermSound card={card} />
              <select
                value={picks[cardIndex] ?? ''}
                onChange={(event) => {
                  const pick = event.target.value === '' ? null : Number(event.target.value)
                  onAnswer({ kind: 'matching', picks: picks.map((old, i) => (i === cardIndex ? pick : old)) })
                }}
              >
                <option value="">{t('test.chooseDefinition')}</option>
                {question.definitions.map((definition, index) => (
                  <option key={index} value={index}>
                    {answerWords(definition)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )
    }
  }
}
