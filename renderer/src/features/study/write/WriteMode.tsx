import { useMemo } from 'react'
import type { StudySet } from '#shared/api/sets'
import { STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { StudyFrame, StudyLoadView, StudyPanel } from '@/features/study/StudyFrame'
import { StudySession } from '@/features/study/StudySession'
import type { StudyLoad } from '@/features/study/useStudyCards'
import { useStudyCards } from '@/features/study/useStudyCards'
import { type StudyEngine, useStudySession } from '@/features/study/useStudySession'
import { useSideLanguages } from '@/features/read-aloud'
import { translate, useT } from '@/lib/i18n'
import { answerToRecord, checkedOutcome, currentCard, initialWrite, midBatch, type WriteEvent, writeReducer, type WriteState, writeTitle } from './write'
import { WriteCardView } from './WriteCard'
import { BatchSummaryView, CompleteView } from './WriteSummary'
import styles from './Write.module.css'

/** Write's session: its engine (write.ts), its place kept in the tab, each checked answer recorded as written. */
const WRITE: StudyEngine<WriteState, WriteEvent> = {
  mode: 'write',
  start: (cards) => initialWrite(cards),
  reduce: writeReducer,
  finished: (state) => state.phase === 'complete',
  answered: (before, after, event) => {
    const answer = answerToRecord(before, after, event)
    return answer && { cardId: answer.cardId, question: 'written', correct: answer.outcome !== 'wrong', outcome: answer.outcome }
  },
}

/**
 * /study-sets/:id/write: the student types the definition of each term, in batches of 10 (see
 * study/write.ts for the rules). This page only draws the session and passes events on; each
 * checked answer is saved for a signed-in student without ever holding up the session.
 */
export function WriteMode({ setId }: { setId: string }) {
  const t = useT()
  const { load, leftOut, leftOutKind } = useTypeableCards(useStudyCards(setId, { pageSize: STUDY_CARD_PAGE_SIZE }))
  const [state, dispatch] = useStudySession(setId, load.kind === 'ready' ? load.cards : undefined, WRITE)
  if (load.kind === 'ready' && load.cards.length === 0 && leftOut > 0) {
    return (
      <StudyFrame title={t('write.title')} setId={setId}>
        <StudyPanel>
          <h2>{t('write.nothingToType')}</h2>
          <p>{leftOutNote(leftOut, leftOutKind)}</p>
        </StudyPanel>
      </StudyFrame>
    )
  }
  return (
    <StudyLoadView title={state ? writeTitle(state) : t('write.title')} setId={setId} load={load} emptyAction={t('write.emptyAction')}>
      {({ set }) =>
        state && (
          <>
            {leftOut > 0 && <p className={`muted ${styles.leftOut}`}>{leftOutNote(leftOut, leftOutKind)}</p>}
            <WriteSession state={state} set={set} dispatch={dispatch} />
          </>
        )
      }
    </StudyLoadView>
  )
}

/** What the left-out definitions are: pictures alone, recordings alone, or some of each. */
export type LeftOutKind = 'picture' | 'recording' | 'picture or recording'

/** Why some cards are not asked: their definition is a picture (or a recording) alone. */
export function leftOutNote(count: number, kind: LeftOutKind = 'picture'): string {
  return translate('write.leftOut', { count, kind: kind === 'picture or recording' ? 'both' : kind })
}

/**
 * Write asks for the definition typed: a card whose definition is a picture (or a recording) alone
 * cannot be asked, so it is left out (and counted, to say so). The same cards give the same array.
 */
function useTypeableCards(load: StudyLoad): { load: StudyLoad; leftOut: number; leftOutKind: LeftOutKind } {
  return useMemo(() => {
    if (load.kind !== 'ready') return { load, leftOut: 0, leftOutKind: 'picture' }
    const typeable = load.cards.filter((card) => card.definition.trim() !== '')
    if (typeable.length === load.cards.length) return { load, leftOut: 0, leftOutKind: 'picture' }
    const left = load.cards.filter((card) => card.definition.trim() === '')
    const pictures = left.some((card) => card.definitionImage)
    const recordings = left.some((card) => !card.definitionImage)
    const leftOutKind: LeftOutKind = pictures && recordings ? 'picture or recording' : recordings ? 'recording' : 'picture'
    return { load: { ...load, cards: typeable }, leftOut: left.length, leftOutKind }
  }, [load])
}

interface SessionProps {
  state: WriteState
  set: StudySet
  dispatch: (event: WriteEvent) => void
}

/**
 * The session's state drawn in the study shell: the focus goes to the answer box on a new card
 * (at once too), to Next once checked, to Continue in a batch's summary and to the heading at the
 * end; leaving mid-batch asks first.
 */
function WriteSession({ state, set, dispatch }: SessionProps) {
  const spoken = useSideLanguages(set, state.cards)
  const card = currentCard(state)
  const view = `${state.batchNumber}:${state.index}:${state.phase}:${checkedOutcome(state) ?? ''}`
  return (
    <StudySession view={view} focusAtStart midway={midBatch(state)}>
      {state.phase === 'summary' ? (
        <BatchSummaryView state={state} dispatch={dispatch} />
      ) : state.phase === 'complete' ? (
        <CompleteView state={state} setId={set.id} dispatch={dispatch} />
      ) : (
        card && <WriteCardView state={state} card={card} dispatch={dispatch} spoken={spoken} />
      )}
    </StudySession>
  )
}
