import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { FormulaText } from '@/components/card-side'
import type { DueItem } from '#shared/api/memory'
import { type FsrsRating, RATING } from '#shared/study/ratings'
import { askCard, promptItemId } from '#shared/study/prompts'
import { AnswerContent, AnswerPictures, answerWords, isMediaOnly, recordAnswer, SidePicture, withPictureAnswers, PromptExtra } from '@/features/study'
import { itemLanguages, type SideLanguages, SpeakButton, useSideLanguagesBySet } from '@/features/read-aloud'
import { errorMessage, isNetworkFailure } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { flushAnswers, readOfflineDue, readWaitingCardIds } from '@/features/offline'
import { reviewApi } from './review-api'
import { readSetCards } from './review-options'
import {
  answerChoice,
  answerTyped,
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
  setsShortOfOptions,
  storedAsk,
  weakestFirst,
} from './review'
import styles from './Review.module.css'
import { formatDateTime, type MessageId, T, translate, useT } from '@/lib/i18n'
import { FormError } from '@/components/FormError'

/** Due cards read at a time; the next read comes when these are done. */
const DUE_BATCH = 100

/**
 * The due cards and the summary: from the server once the answers waiting on this device are
 * sent (a card with an answer still waiting is left out: that answer reschedules it); with no
 * network, the cards due in the sets kept on the device.
 */
async function loadDue(setId: string | undefined, signal: AbortSignal): Promise<Ready> {
  await flushAnswers({ ignoreBackoff: true })
  let items: DueItem[]
  let nextDue: string | null = null
  try {
    const [due, summary] = await Promise.all([reviewApi.due({ setId, perPage: DUE_BATCH }, signal), reviewApi.summary(signal, setId)])
    const waiting = await readWaitingCardIds()
    items = due.items.filter((item) => !waiting.has(promptItemId(item.card.id, item.prompt)))
    nextDue = summary.nextDue
  } catch (failure) {
    const kept = isNetworkFailure(failure) ? await readOfflineDue(setId) : undefined
    if (!kept) throw failure
    items = kept.slice(0, DUE_BATCH)
  }
  const setCards = await readSetCards(setsShortOfOptions(items), signal)
  return { kind: 'ready', items: weakestFirst(items), nextDue, setTitle: items[0]?.set.title ?? null, setCards }
}

type Ready = { kind: 'ready'; items: DueItem[]; nextDue: string | null; setTitle: string | null; setCards: SetCards }
type Load = { kind: 'loading' } | { kind: 'error'; message: string } | Ready

/** No language known: no read-aloud button. */
const NOT_SPOKEN: SideLanguages = { term: null, definition: null }

/** A recall below 1 never shows as 100% (rounded down). */
const percent = (value: number) => Math.floor(value * 100)

/** The four ratings' names (Anki's words in each language). */
const RATING_NAMES: Record<FsrsRating, MessageId> = {
  [RATING.again]: 'review.session.rating.again',
  [RATING.hard]: 'review.session.rating.hard',
  [RATING.good]: 'review.session.rating.good',
  [RATING.easy]: 'review.session.rating.easy',
}

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

  return (
    <AnswerPictures.Provider value={pictures}>
      <fieldset className={styles.askChoice}>
        <legend id={askId}>{t('review.session.answerBy')}</legend>
        {(
          [
            ['choice', t('review.session.choice')],
            ['typed', t('review.session.typing')],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="review-ask" value={value} checked={preferred === value} disabled={result !== null} onChange={() => setPreferred(value)} />{' '}
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
        <SpeakButton
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
    </AnswerPictures.Provider>
  )
}

/** Anki's four buttons, beside Next (which rates by how the card was answered): Easy only the student can say. */
function RateYourself({ right, onRate }: { right: boolean; onRate: (rating: FsrsRating) => void }) {
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

function NextButton({ onNext }: { onNext: () => void }) {
  const t = useT()
  const ref = useRef<HTMLButtonElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <button ref={ref} type="button" className="button" onClick={onNext}>
      {t('flashcards.nextCard')}
    </button>
  )
}

function ChoiceQuestion({
  item,
  options,
  result,
  onAnswer,
}: {
  item: DueItem
  options: string[]
  result: ReviewResult | null
  onAnswer: (result: ReviewResult) => void
}) {
  const t = useT()
  return (
    <div className={styles.options} role="group" aria-label={t('review.session.chooseDefinition')}>
      {options.map((option) => {
        const chosen = result?.ask === 'choice' && result.chosen === option
        const right = result !== null && option === item.card.definition
        const className = [styles.option, right ? styles.right : '', chosen && !right ? styles.wrong : ''].join(' ')
        return (
          <button
            key={option}
            type="button"
            className={className}
            disabled={result !== null}
            aria-pressed={chosen}
            onClick={() => onAnswer(answerChoice(item, option))}
          >
            <AnswerContent answer={option} />
          </button>
        )
      })}
    </div>
  )
}

function TypedQuestion({ item, result, onAnswer }: { item: DueItem; result: ReviewResult | null; onAnswer: (result: ReviewResult) => void }) {
  const t = useT()
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (result || typed.trim() === '') return
    onAnswer(answerTyped(item, typed))
  }
  return (
    <form className={styles.typed} onSubmit={submit}>
      <label htmlFor={inputId}>{t('review.session.typeDefinition')}</label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        autoFocus
        value={typed}
        readOnly={result !== null}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit" className="button" disabled={result !== null || typed.trim() === ''}>
        {t('study.checkAnswer')}
      </button>
    </form>
  )
}

function Feedback({ item, result, spoken, onOverrule }: { item: DueItem; result: ReviewResult; spoken: SideLanguages; onOverrule: () => void }) {
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
          <SpeakButton
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
