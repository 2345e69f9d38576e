import { useId, useState } from 'react'
import type { StudySet } from '#shared/api/sets'
import { MAX_PAGE_SIZE } from '#shared/limits'
import { setsApi } from '@/features/sets'
import { dueAtFromDay } from './due-date'
import { useLoad } from './useLoad'
import styles from './Classes.module.css'

interface AssignSetPickerProps {
  assigned: StudySet[]
  busy: boolean
  /** The set, and its due date (an ISO time) when the teacher picked a day. */
  onAssign: (setId: string, dueAt: string | undefined) => void
}

/** Picks one of the teacher's own sets (My Sets) not yet assigned to the class. */
export function AssignSetPicker({ assigned, busy, onAssign }: AssignSetPickerProps) {
  const selectId = useId()
  const dueId = useId()
  const [day, setDay] = useState('')
  const { loaded } = useLoad((signal) => setsApi.listMine({ perPage: MAX_PAGE_SIZE }, signal), 'my-sets')
  const [chosen, setChosen] = useState('')
  const assignedIds = new Set(assigned.map((set) => set.id))
  const choices = loaded.state === 'ready' ? loaded.data.items.filter((set) => !assignedIds.has(set.id)) : []
  const value = choices.some((set) => set.id === chosen) ? chosen : (choices[0]?.id ?? '')

  if (loaded.state === 'loading') return <p className="muted">Loading your sets...</p>
  if (loaded.state === 'failed') return <p className="alert-error">Your sets could not be loaded.</p>
  if (choices.length === 0) {
    return <p className="muted">{loaded.data.items.length === 0 ? 'You have no sets to assign yet.' : 'All your sets are assigned.'}</p>
  }
  return (
    <div className={styles.row}>
      <label htmlFor={selectId}>Set to assign</label>
      <select id={selectId} value={value} onChange={(event) => setChosen(event.target.value)}>
        {choices.map((set) => (
          <option key={set.id} value={set.id}>
            {set.title}
          </option>
        ))}
      </select>
      <label htmlFor={dueId}>Due date (optional)</label>
      <input id={dueId} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
      <button type="button" className="button" disabled={busy || !value} onClick={() => onAssign(value, dueAtFromDay(day))}>
        Assign Set
      </button>
    </div>
  )
}
