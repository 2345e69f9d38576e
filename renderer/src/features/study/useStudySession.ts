import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AnswerInput } from '#shared/api/study'
import { recordStudyAnswer } from './study-api'
import { forgetPlace, keepPlace, readPlace } from './study-place'

/** An answer a mode records, without its mode (the session adds it). */
export type StudyAnswer = Omit<AnswerInput, 'mode'>

/** A session's state: the engine's, over the set's cards. */
interface SessionState {
  cards: readonly { id: string }[]
}

/** What a mode hands its session: its pure engine (the rules, in `<mode>.ts`) and what is kept and recorded. */
export interface StudyEngine<S extends SessionState, E> {
  /** The mode, as its answers are recorded and its place is kept (study-place.ts). */
  mode: AnswerInput['mode']
  /** A session from the start over `cards`. */
  start: (cards: S['cards']) => S
  /** A place kept before a reload as the session goes on from it; undefined starts afresh. Without it the place is taken as kept. */
  resume?: (kept: S) => S | undefined
  reduce: (state: S, event: E) => S
  /** A finished session keeps no place. */
  finished: (state: S) => boolean
  /** The answer to record once `event` took `before` to `after`, if any (a mode may record its own way instead, as Learn does). */
  answered?: (before: S, after: S, event: E) => StudyAnswer | undefined
}

/**
 * A study session over a set's cards, the same for every mode that keeps its place (Learn, Write):
 * the engine's state, kept in the tab after every step and read back after a reload (study-place.ts;
 * a finished session leaves nothing behind), and each answer recorded through the offline outbox
 * (recordStudyAnswer) without ever holding up study. New cards (another set, the same set read
 * again, another "Answer with") start a new session: until its first event the state is derived
 * from the cards, not stored. `cards` is undefined while they load. The engine is read once per
 * cards for the start, as a reducer's initial state is.
 */
export function useStudySession<S extends SessionState, E>(setId: string, cards: S['cards'], engine: StudyEngine<S, E>): [S, (event: E) => void]
export function useStudySession<S extends SessionState, E>(
  setId: string,
  cards: S['cards'] | undefined,
  engine: StudyEngine<S, E>,
): [S | undefined, (event: E) => void]
export function useStudySession<S extends SessionState, E>(
  setId: string,
  cards: S['cards'] | undefined,
  engine: StudyEngine<S, E>,
): [S | undefined, (event: E) => void] {
  const [stored, setStored] = useState<S>()
  // The place kept before a reload, else the start: once per cards (the engine is deliberately not a dependency).
  const fresh = useMemo(() => cards && beginSession(setId, cards, engine), [cards, setId])
  const state = cards ? (stored?.cards === cards ? stored : fresh) : undefined
  const { mode, finished } = engine
  useEffect(() => {
    if (!state) return
    if (finished(state)) forgetPlace(mode, setId)
    else keepPlace(mode, setId, state)
  }, [state, setId, mode, finished])
  // The last step taken from this render's state: events before the next render (a double press,
  // a timer beside a key) go on from it, as a reducer's would, instead of each from the render's.
  const taken = useRef<{ from: S; to: S }>(undefined)
  const dispatch = useCallback(
    (event: E) => {
      if (!state) return
      const current = taken.current?.from === state ? taken.current.to : state
      const next = engine.reduce(current, event)
      if (next === current) return
      taken.current = { from: state, to: next }
      setStored(next)
      const answer = engine.answered?.(current, next, event)
      if (answer) void recordStudyAnswer(setId, { ...answer, mode: engine.mode })
    },
    [state, engine, setId],
  )
  return [state, dispatch]
}

function beginSession<S extends SessionState, E>(setId: string, cards: S['cards'], engine: StudyEngine<S, E>): S {
  const kept = readPlace<S>(engine.mode, setId, cards)
  const resumed = kept && (engine.resume ? engine.resume(kept) : kept)
  return resumed ?? engine.start(cards)
}
