import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { DueItem } from '#shared/api/memory'
import {
  AnswerContent,
  AnswerPictures,
  answerWords,
  recordAnswer,
  type SideLanguages,
  SidePicture,
  SpeakButton,
  useSideLanguagesBySet,
  withPictureAnswers,
} from '@/features/study'
import { errorMessage, isNetworkFailure } from '@/lib/api'
import { flushAnswers, readOfflineDue, readWaitingCardIds } from '@/features/offline'
import { reviewApi } from './review-api'
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
  storedAsk,
  weakestFirst,
} from './review'
import styles from './Review.module.css'

/** Due cards read at a time; the next read comes when these are done. */
const DUE_BATCH = 100

/**
 * The due cards and the summary: from the server once the answers waiting on this device are
 * sent (a card with an answer still waiting is left out: that answer reschedules it); with no
 * network, the cards due in the sets kept on the device.
 */
async function loadDue(setId: string | undefined, signal: AbortSignal): Promise<[{ items: DueItem[] }, { nextDue: string | null }]> {
  await flushAnswers({ ignoreBackoff: true })
  try {
    const [due, summary] = await Promise.all([reviewApi.due({ setId, perPage: DUE_BATCH }, signal), reviewApi.summary(signal)])
    const waiting = await readWaitingCardIds()
    return [{ items: due.items.filter((item) => !waiting.has(item.card.id)) }, summary]
  } catch (failure) {
    const kept = isNetworkFailure(failure) ? await readOfflineDue(setId) : undefined
    if (!kept) throw failure
    return [{ items: kept.slice(0, DUE_BATCH) }, { nextDue: null }]
  }
}

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; items: DueItem[]; nextDue: string | null; setTitle: string | null }

/** No language known: no read-aloud button. */
const NOT_SPOKEN: SideLanguages = { term: null, definition: null }

/** A recall below 1 never shows as 100% (rounded down). */
const percent = (value: number) => `${Math.floor(value * 100)}%`

/**
 * /review: the student's due cards across every set (or one set, `setId`), weakest first, asked
 * by multiple choice or typing as they prefer. Each answer goes to the review log as mode
 * 'review', which reschedules the card; when the batch is done the page reads what is due again.
 */
export function ReviewSession({ setId }: { setId?: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const [round, setRound] = useState(0)
  const [reviewed, setReviewed] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    loadDue(setId, controller.signal).then(
      ([due, summary]) => setLoad({ kind: 'ready', items: weakestFirst(due.items), nextDue: summary.nextDue, setTitle: due.items[0]?.set.title ?? null }),
      (failure: unknown) => {
        if ((failure as Error).name !== 'AbortError') setLoad({ kind: 'error', message: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [setId, round])

  const again = useCallback(() => setRound((value) => value + 1), [])

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1>Review</h1>
        {setId && (
          <Link to={`/study-sets/${encodeURIComponent(setId)}`}>
            <span aria-hidden="true">←</span> Back to Study Set
          </Link>
        )}
      </div>
      {load.kind === 'loading' && (
        <p className="muted" role="status">
          Loading due cards...
        </p>
      )}
      {load.kind === 'error' && (
        <p className="alert-error" role="alert">
          {load.message}
        </p>
      )}
      {load.kind === 'ready' &&
        (load.items.length === 0 ? (
          <EmptyState setId={setId} nextDue={load.nextDue} reviewed={reviewed} onCheck={again} />
        ) : (
          <ReviewQueue key={round} items={load.items} onAnswered={() => setReviewed((value) => value + 1)} onDone={again} />
        ))}
    </div>
  )
}

function EmptyState({ setId, nextDue, reviewed, onCheck }: { setId?: string; nextDue: string | null; reviewed: number; onCheck: () => void }) {
  return (
    <section className={styles.panel} aria-label="Nothing due">
      <h2>{reviewed > 0 ? 'All caught up!' : 'No cards are due.'}</h2>
      {reviewed > 0 && <p>You reviewed {reviewed === 1 ? '1 card' : `${reviewed} cards`}.</p>}
      {setId ? (
        <p className="muted">No card of this set is due now.</p>
      ) : nextDue ? (
        <p>
          Your next card is due <strong>{dueIn(nextDue, Date.now())}</strong> (<time dateTime={nextDue}>{new Date(nextDue).toLocaleString()}</time>).
        </p>
      ) : (
        <p className="muted">Study a set in Learn, Flashcards, Write, Match or Test: the cards you answer are scheduled for review here.</p>
      )}
      <button type="button" className="button button-secondary" onClick={onCheck}>
        Check again
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

function ReviewQueue({ items, onAnswered, onDone }: { items: DueItem[]; onAnswered: () => void; onDone: () => void }) {
  const [index, setIndex] = useState(0)
  const [result, setResult] = useState<ReviewResult | null>(null)
  const [saveError, setSaveError] = useState('')
  const [preferred, setPreferred] = useAskPreference()
  // A definition with a picture is an answer of its own (its text plus the picture's id), as in Learn.
  const { asked, pictures } = useMemo(() => {
    const { cards, pictures } = withPictureAnswers(items.map((entry) => entry.card))
    return { asked: items.map((entry, at) => ({ ...entry, card: cards[at] ?? entry.card })), pictures }
  }, [items])
  const item = asked[index] as DueItem
  const languagesBySet = useSideLanguagesBySet(asked)
  const spoken = languagesBySet.get(item.set.id) ?? NOT_SPOKEN
  const options = useMemo(() => choiceOptions(item, asked, Math.random), [item, asked])
  // A picture cannot be typed: such a definition is always asked as a choice.
  const ask = item.card.definitionImage ? 'choice' : askOf(preferred, options)
  const askId = useId()

  const next = async () => {
    if (!result) return
    setSaveError('')
    try {
      await recordAnswer(item.set.id, reviewAnswerInput(item, result))
      onAnswered()
    } catch (failure) {
      setSaveError(`Your answer could not be saved: ${errorMessage(failure)}`)
      return
    }
    setResult(null)
    if (index + 1 >= items.length) onDone()
    else setIndex(index + 1)
  }

  return (
    <AnswerPictures.Provider value={pictures}>
      <fieldset className={styles.askChoice}>
        <legend id={askId}>Answer by</legend>
        {(
          [
            ['choice', 'Multiple choice'],
            ['typed', 'Typing'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="review-ask" value={value} checked={preferred === value} disabled={result !== null} onChange={() => setPreferred(value)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <p className={styles.progress} aria-live="polite">
        Card {index + 1} of {items.length}
      </p>
      <section className={styles.card} aria-label="Card to review">
        <p className={styles.meta}>
          {item.set.title} · predicted recall {percent(item.retrievability)}
        </p>
        <SidePicture card={item.card} side="term" />
        {item.card.term && (
          <p className={styles.term} lang="">
            {item.card.term}
          </p>
        )}
        <SpeakButton className={styles.speak} text={item.card.term} language={spoken.term} side="term" />
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
          {saveError && (
            <p className="alert-error" role="alert">
              {saveError}
            </p>
          )}
        </div>
      )}
    </AnswerPictures.Provider>
  )
}

function NextButton({ onNext }: { onNext: () => void }) {
  const ref = useRef<HTMLButtonElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <button ref={ref} type="button" className="button" onClick={onNext}>
      Next card
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
  return (
    <div className={styles.options} role="group" aria-label="Choose the definition">
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
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (result || typed.trim() === '') return
    onAnswer(answerTyped(item, typed))
  }
  return (
    <form className={styles.typed} onSubmit={submit}>
      <label htmlFor={inputId}>Type the definition</label>
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
        Check Answer
      </button>
    </form>
  )
}

function Feedback({ item, result, spoken, onOverrule }: { item: DueItem; result: ReviewResult; spoken: SideLanguages; onOverrule: () => void }) {
  const right = isRight(result)
  let verdict = right ? 'Correct!' : 'Incorrect.'
  if (result.ask === 'typed' && result.overruled) verdict = 'Counted as right.'
  else if (result.ask === 'typed' && result.check.verdict === 'almost') verdict = 'Almost: counted as right.'
  return (
    <div role="status" className={right ? styles.feedbackRight : styles.feedbackWrong}>
      <p>
        <strong>{verdict}</strong>
      </p>
      {(!right || (result.ask === 'typed' && result.check.verdict === 'almost')) && (
        <p>
          The answer: <strong>{answerWords(item.card.definition)}</strong>
          <SpeakButton text={item.card.definition} language={spoken.definition} side="definition" />
          <AnswerContent answer={item.card.definition} pictureOnly />
        </p>
      )}
      {result.ask === 'typed' && result.check.verdict === 'wrong' && !result.overruled && (
        <button type="button" className="button button-secondary" onClick={onOverrule}>
          I was right
        </button>
      )}
    </div>
  )
}
