import { useCallback, useMemo, useState } from 'react'
import { DEFAULT_STUDY_OPTIONS, type StudyOptions } from '#shared/api/habits'
import type { AnswerWith } from '#shared/study/prompts'
import { api } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { useAuth } from '@/features/auth'
import { parseComposite } from './composite'

/**
 * A signed-in student's study options of a set (issue 31; GET and PATCH /api/sets/:id/study-options):
 * what a mode's setup starts from, saved when the student starts with other choices. A visitor,
 * a folder or sets studied together get the defaults, and nothing is saved.
 */
export function useStudyOptions(setId: string): { options: StudyOptions; loaded: boolean; save: (change: Partial<StudyOptions>) => void } {
  const userId = useAuth()?.user.id
  const kept = userId !== undefined && parseComposite(setId) === null
  const read = useServerData(kept ? `study-options:${userId}:${setId}` : null, (signal) =>
    api('GET /api/sets/:id/study-options', { params: { id: setId }, signal }),
  )
  // What the student chose since (shown at once, whether or not the save reaches the server).
  const [chosen, setChosen] = useState<{ setId: string; change: Partial<StudyOptions> }>({ setId, change: {} })
  const { update } = read
  const fromServer = read.state === 'ready' ? read.data : DEFAULT_STUDY_OPTIONS
  const change = chosen.setId === setId ? chosen.change : undefined
  const options = useMemo(() => (change ? { ...fromServer, ...change } : fromServer), [fromServer, change])
  const loaded = !kept || read.state === 'ready' || read.state === 'failed'
  const save = useCallback(
    (next: Partial<StudyOptions>) => {
      setChosen((current) => ({ setId, change: { ...(current.setId === setId ? current.change : {}), ...next } }))
      // Every other part of the page showing the options (the set page's choices, its Flashcards) sees the change too.
      if (kept) update((data) => ({ ...data, ...next }))
      // Kept options are a convenience: a failed save never stops study.
      if (kept) void api('PATCH /api/sets/:id/study-options', { params: { id: setId }, body: next }).catch(() => undefined)
    },
    [setId, kept, update],
  )
  return { options, loaded, save }
}

/**
 * "Answer with" of a set as the student last chose it in any mode (issue 31): every mode starts from
 * it, and a change is kept for next time (a visitor's lasts for the page).
 */
export function useKeptAnswerWith(setId: string): { answerWith: AnswerWith; loaded: boolean; setAnswerWith: (value: AnswerWith) => void } {
  const { options, loaded, save } = useStudyOptions(setId)
  const setAnswerWith = useCallback((answerWith: AnswerWith) => save({ answerWith }), [save])
  return { answerWith: options.answerWith, loaded, setAnswerWith }
}
