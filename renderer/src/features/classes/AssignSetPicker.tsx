import { useId, useState } from 'react'
import type { StudySet } from '#shared/api/sets'
import { MAX_PAGE_SIZE } from '#shared/limits'
import { setsApi } from '@/features/sets'
import { dueAtFromDay } from './due-date'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'

interface AssignSetPickerProps {
  assigned: StudySet[]
  busy: boolean
  /** The set, and its due date (an ISO time) when the teacher picked a day. */
  onAssign: (setId: string, dueAt: string | undefined) => void
}

/** Picks one of the teacher's own sets (My Sets) not yet assigned to the class. */
export function AssignSetPicker({ assigned, busy, onAssign }: AssignSetPickerProps) {
  const t = useT()
  const selectId = useId()
  const dueId = useId()
  const [day, setDay] = useState('')
  const { loaded } = useServerData('my-sets:all', (signal) => setsApi.listMine({ perPage: MAX_PAGE_SIZE }, signal))
  const [chosen, setChosen] = useState('')
  const assignedIds = new Set(assigned.map((set) => set.id))
  const choices = loaded.state === 'ready' ? loaded.data.items.filter((set) => !assignedIds.has(set.id)) : []
  const value = choices.some((set) => set.id === chosen) ? chosen : (choices[0]?.id ?? '')

  if (loaded.state === 'loading') return <p className="muted">{t('classes.assign.loading')}</p>
  if (loaded.state === 'failed') return <FormError message={t('classes.assign.loadFailed')} />
  if (choices.length === 0) {
    return <p className="muted">{loaded.data.items.length === 0 ? t('classes.assign.noSets') : t('classes.assign.allAssigned')}</p>
  }
  return (
    <div className={styles.row}>
      <label htmlFor={selectId}>{t('classes.assign.set')}</label>
      <select id={selectId} value={value} onChange={(event) => setChosen(event.target.value)}>
        {choices.map((set) => (
          <option key={set.id} value={set.id}>
            {set.title}
          </option>
        ))}
      </select>
      <label htmlFor={dueId}>{t('classes.assign.dueDate')}</label>
      <input id={dueId} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
      <button type="button" className="button" disabled={busy || !value} onClick={() => onAssign(value, dueAtFromDay(day))}>
        {t('classes.assign.submit')}
      </button>
    </div>
  )
}
