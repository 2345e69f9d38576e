import { useMemo } from 'react'
import { hasAnswerWithChoice, studyItems } from '#shared/study/prompts'
import { useSearchParams } from 'react-router-dom'
import { ApiError, errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { useAuth } from '@/features/auth'
import { isStarredOnly } from '@/features/stars'
import { type LoadedStudySet, loadStudySet } from './study-api'
import { useKeptAnswerWith } from './useStudyOptions'

export type StudyLoad = { kind: 'loading' } | { kind: 'not_found' } | { kind: 'error'; message: string } | ({ kind: 'ready' } & LoadedStudySet)

/**
 * Loads a set and its cards for a study mode (see loadStudySet); reloads when the id changes. With
 * `?starred=1` in the address a signed-in student studies only their starred cards (a visitor has
 * no stars: the whole set). The mode gets study items, one per prompt asked (issue 26): a card
 * asked in reverse is also its definition-to-term item, a cloze card one item per deletion, as
 * "Answer with" chooses (shared/study/prompts.ts).
 */
export function useStudyCards(setId: string, options: { pageSize: number; limit?: number }): StudyLoad {
  const load = useLoadedCards(setId, options)
  // "Answer with" starts from the student's kept choice for the set (issue 31): the session waits for it.
  const { answerWith, loaded, setAnswerWith } = useKeptAnswerWith(setId)
  return useMemo(() => {
    if (load.kind !== 'ready') return load
    if (!loaded) return { kind: 'loading' }
    const choice = hasAnswerWithChoice(load.cards) ? { answerWith: { value: answerWith, onChange: setAnswerWith } } : {}
    return { ...load, cards: studyItems(load.cards, answerWith), ...choice }
  }, [load, answerWith, loaded, setAnswerWith])
}

function useLoadedCards(setId: string, options: { pageSize: number; limit?: number }): StudyLoad {
  const { pageSize, limit } = options
  const [params] = useSearchParams()
  const userId = useAuth()?.user.id ?? ''
  const starredOnly = userId !== '' && isStarredOnly(params)
  const loaded = useServerData(`study-set:${userId}:${setId}:${pageSize}:${limit ?? ''}:${starredOnly}`, (signal) =>
    loadStudySet(setId, { pageSize, limit, starredOnly }, signal),
  )
  // One StudyLoad per answer from the server: the items above, and the modes' effects, keep their identity between renders.
  const snapshot = loaded.loaded
  return useMemo((): StudyLoad => {
    if (snapshot.state === 'ready') return { kind: 'ready', ...snapshot.data }
    if (snapshot.state !== 'failed') return { kind: 'loading' }
    if (snapshot.error instanceof ApiError && snapshot.error.status === 404) return { kind: 'not_found' }
    return { kind: 'error', message: errorMessage(snapshot.error) }
  }, [snapshot])
}
