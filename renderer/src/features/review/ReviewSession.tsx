import { useCallback, useId, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { FormulaText } from '@/components/card-side'
import type { DueItem } from '#shared/api/memory'
import type { FsrsRating } from '#shared/study/ratings'
import { askCard } from '#shared/study/prompts'
import { AnswerPictures, isMediaOnly, SidePicture, withPictureAnswers } from '@/components/card-pictures'
import { recordAnswer } from '@/features/study'
import { FocusSession } from '@/lib/focus-session'
import { itemLanguages, type SideLanguages, useSideLanguagesBySet } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import {
  askOf,
  choiceOptions,
  dueIn,
  isRight,
  overrule,
  REVIEW_ASK_KEY,
  type ReviewAsk,
  type ReviewResult,
  reviewAnswerInput,
  type SetCards,
  storedAsk,
} from './review'
import { type Load, loadDue } from './review-due'
import { ChoiceQuestion, TypedQuestion } from './ReviewQuestion'
import { Feedback, NextButton, RateYourself } from './ReviewAnswer'
import styles from './Review.module.css'
import { formatDateTime, T, translate, useT } from '@/lib/i18n'
import { FormError } from '@/components/FormError'

/** No language known: no read-aloud button. */
const NOT_SPOKEN: SideLanguages = { term: null, definition: null }

/** A recall below 1 never shows as 100% (rounded down). */
const percent = (value: number) => Math.floor(value * 100)

/**
 * /review: the student's due cards across every set (or one set, `setId`), weakest first, asked
 * by multiple choice or typing as they prefer. Each answer goes to the review log as mode
 * 'review', which reschedules the card; when the batch is done the page reads what is due again.
 */
export function ReviewSession({ setId }: { setId?: string }) {
  const t = useT()
  const [round, setRound] = useState(0)
  const [reviewed, setReviewed] = useState(0)
  // Each round (a batch done, "Check again") reads what is due anew.
  const due = useServerData(`review-due:${setId ?? ''}:${round}`, (signal) => loadDue(setId, signal))
  const load: Load = due.state === 'ready' ? due.data : due.state === 'failed' ? { kind: 'error', message: errorMessage(due.error) } : { kind: 'loading' }

  const again = useCallback(() => setRound((value) => value + 1), [])

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1>{t('nav.review')}</h1>
        {setId && (
          <Link to={`/study-sets/${encodeURIComponent(setId)}`}>
            <span aria-hidden="true" className="flip-rtl">
              ←
            </span>{' '}
            {t('study.backToSet')}
          </Link>
        )}
      </div>
      {load.kind === 'loading' && (
        <p className="muted" role="status">
          {t('review.session.loading')}
        </p>
      )}
      {load.kind === 'error' && <FormError message={load.message} />}
      {load.kind === 'ready' &&
        (load.items.length === 0 ? (
          <EmptyState setId={setId} nextDue={load.nextDue} reviewed={reviewed} onCheck={again} />
        ) : (
          <ReviewQueue key={round} items={load.items} setCards={load.setCards} onAnswered={() => setReviewed((value) => value + 1)} onDone={again} />
        ))}
    </div>
  )
}

function EmptyState({ setId, nextDue, reviewed, onCheck }: { setId?: string; nextDue: string | null; reviewed: number; onCheck: () => void }) {
  const t = useT()
  const when = (id: 'review.session.setNextDue' | 'review.session.nextDue', due: string) => (
    <T id={id} values={{ when: dueIn(due, Date.now()), date: formatDateTime(due) }} components={{ 0: <strong />, 1: <time dateTime={due} /> }} />
  )
  return (
    <section className={styles.panel} aria-label={t('review.session.nothingDue')}>
      <h2>{reviewed > 0 ? t('review.session.caughtUp') : t('review.session.noneDue')}</h2>
      {reviewed > 0 && <p>{t('review.session.reviewed', { count: reviewed })}</p>}
      {setId ? (
        <p className="muted">
          {t('review.session.setNotDue')}
          {nextDue && <> {when('review.session.setNextDue', nextDue)}</>}
        </p>
      ) : nextDue ? (
        <p>{when('review.session.nextDue', nextDue)}</p>
      ) : (
        <p className="muted">{t('review.session.howTo')}</p>
      )}
      <button type="button" className="button button-secondary" onClick={onCheck}>
        {t('review.session.checkAgain')}
      </button>
    </section>
  )
}

/** Reads and keeps the student's choice of how cards are asked. */
function useAskPreference(): [ReviewAsk, (ask: ReviewAsk) => void] {
  const [ask, setAsk] = useState<ReviewAsk>(() => storedAsk(typeof localStorage === 'undefined' ? undefined : localStorage))
  const choose = (next: ReviewAsk) => {
    setAsk(next)
    try {
      localStorage.setItem(REVIEW_ASK_KEY, next)
    } catch {
      // Private browsing may refuse storage: the choice then lasts for this page only.
    }
  }
  return [ask, choose]
}

function ReviewQueue({ items, setCards, onAnswered, onDone }: { items: DueItem[]; setCards: SetCards; onAnswered: () => void; onDone: () => void }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const [result, setResult] = useState<ReviewResult | null>(null)
  const [saveError, setSaveError] = useState('')
  const [preferred, setPreferred] = useAskPreference()
  // A definition with a picture is an answer of its own (its text plus the picture's id), as in Learn.
  const { asked, pictures } = useMemo(() => {
    // Each due item is one prompt of its card, asked as the prompt says (reverse, cloze: shared/study/prompts.ts).
    const { cards, pictures } = withPictureAnswers(items.map((entry) => askCard(entry.card, entry.prompt)))
    return { asked: items.map((entry, at) => ({ ...entry, card: cards[at] ?? entry.card })), pictures }
  }, [items])
  const item = asked[index] as DueItem
  const languagesBySet = useSideLanguagesBySet(asked)
  const spoken = languagesBySet.get(item.set.id) ?? NOT_SPOKEN
  const options = useMemo(() => choiceOptions(item, asked, Math.random, setCards), [item, asked, setCards])
  // A picture (or a recording alone) cannot be typed: such a definition is always asked as a choice.
  const ask = item.card.definitionImage || isMediaOnly(item.card.definition) ? 'choice' : askOf(preferred, options)
  const askId = useId()

  const next = async (rating?: FsrsRating) => {
    if (!result) return
    setSaveError('')
    try {
      await recordAnswer(item.set.id, reviewAnswerInput(item, result, rating))
      onAnswered()
    } catch (failure) {
      setSaveError(translate('review.session.saveFailed', { message: errorMessage(failure) }))
      return
    }
    setResult(null)
    if (index + 1 >= items.length) onDone()
    else setIndex(index + 1)
  }

  // Drawn in a focus session (as the study modes are): Next takes the focus once the card is answered (a typed answer's box takes it by itself).
  return (
    <AnswerPictures.Provider value={pictures}>
      <FocusSession view={`${index}:${result ? 'answered' : 'asking'}`}>
        <fieldset className={styles.askChoice}>
          <legend id={askId}>{t('review.session.answerBy')}</legend>
          {(
            [
              ['choice', t('review.session.choice')],
              ['typed', t('review.session.typing')],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="review-ask"
                value={value}
                checked={preferred === value}
                disabled={result !== null}
                onChange={() => setPreferred(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <p className={styles.progress} aria-live="polite">
          {t('review.session.progress', { card: index + 1, total: items.length })}
        </p>
        <section className={styles.card} aria-label={t('review.session.cardLabel')}>
          <p className={styles.meta}>{t('review.session.meta', { title: item.set.title, percent: percent(item.retrievability) })}</p>
          <SidePicture card={item.card} side="term" />
          {item.card.term && (
            <p className={styles.term} lang="">
              <FormulaText text={item.card.term} />
            </p>
          )}
          <SpeakSlot
            className={styles.speak}
            text={item.card.term}
            language={itemLanguages(spoken, item.card.id).term}
            side="term"
            audio={item.card.termAudio}
          />
          {ask === 'choice' ? (
            <ChoiceQuestion item={item} options={options} result={result} onAnswer={setResult} />
          ) : (
            <TypedQuestion key={item.card.id} item={item} result={result} onAnswer={setResult} />
          )}
        </section>
        {result && (
          <div className={styles.after}>
            <Feedback item={item} result={result} spoken={spoken} onOverrule={() => setResult(overrule(result))} />
            <NextButton onNext={() => void next()} />
            <RateYourself right={isRight(result)} onRate={(rating) => void next(rating)} />
            <FormError message={saveError} />
          </div>
        )}
      </FocusSession>
    </AnswerPictures.Provider>
  )
}
