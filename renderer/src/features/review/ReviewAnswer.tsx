import { FormulaText } from '@/components/card-side'
import type { DueItem } from '#shared/api/memory'
import { type FsrsRating, RATING } from '#shared/study/ratings'
import { AnswerContent, answerWords } from '@/components/card-pictures'
import { PromptExtra } from '@/components/cloze'
import { useFocusTarget } from '@/lib/focus-session'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { type MessageId, T, useT } from '@/lib/i18n'
import { isRight, type ReviewResult } from './review'
import styles from './Review.module.css'

/** The four ratings' names (Anki's words in each language). */
const RATING_NAMES: Record<FsrsRating, MessageId> = {
  [RATING.again]: 'review.session.rating.again',
  [RATING.hard]: 'review.session.rating.hard',
  [RATING.good]: 'review.session.rating.good',
  [RATING.easy]: 'review.session.rating.easy',
}

/** The verdict, the answer where it was missed, and "I was right" for a typed answer judged wrong. */
export function Feedback({ item, result, spoken, onOverrule }: { item: DueItem; result: ReviewResult; spoken: SideLanguages; onOverrule: () => void }) {
  const t = useT()
  const right = isRight(result)
  let verdict = right ? t('learn.correct') : t('study.incorrect')
  if (result.ask === 'typed' && result.overruled) verdict = t('review.session.overruled')
  else if (result.ask === 'typed' && result.check.verdict === 'almost') verdict = t('review.session.almost')
  return (
    <div role="status" className={right ? styles.feedbackRight : styles.feedbackWrong}>
      <p>
        <strong>{verdict}</strong>
      </p>
      {(!right || (result.ask === 'typed' && result.check.verdict === 'almost')) && (
        <p>
          <T
            id="review.session.theAnswer"
            components={{
              0: (
                <strong>
                  <FormulaText text={answerWords(item.card.definition)} />
                </strong>
              ),
            }}
          />
          <SpeakSlot
            text={item.card.definition}
            language={itemLanguages(spoken, item.card.id).definition}
            side="definition"
            audio={item.card.definitionAudio}
          />
          <AnswerContent answer={item.card.definition} pictureOnly />
        </p>
      )}
      <PromptExtra card={item.card} />
      {result.ask === 'typed' && result.check.verdict === 'wrong' && !result.overruled && (
        <button type="button" className="button button-secondary" onClick={onOverrule}>
          {t('study.iWasRight')}
        </button>
      )}
    </div>
  )
}

/** Anki's four buttons, beside Next (which rates by how the card was answered): Easy only the student can say. */
export function RateYourself({ right, onRate }: { right: boolean; onRate: (rating: FsrsRating) => void }) {
  const t = useT()
  return (
    <div className={styles.rate} role="group" aria-label={t('review.session.rateLabel')}>
      <span className="muted">{t('review.session.rate')}</span>
      {([RATING.again, RATING.hard, RATING.good, RATING.easy] as const).map((rating) => (
        <button key={rating} type="button" className="button button-secondary" disabled={!right && rating !== RATING.again} onClick={() => onRate(rating)}>
          {t(RATING_NAMES[rating])}
        </button>
      ))}
    </div>
  )
}

/** Next, which takes the focus once the card is answered (StudySession). */
export function NextButton({ onNext }: { onNext: () => void }) {
  const t = useT()
  const focusTarget = useFocusTarget()
  return (
    <button ref={focusTarget} type="button" className="button" onClick={onNext}>
      {t('flashcards.nextCard')}
    </button>
  )
}
