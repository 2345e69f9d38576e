import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { type ClassroomDetail, joinLinkPath } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { useFlash } from '@/lib/useFlash'
import { copyText } from './browser'
import { classesApi } from './classes-api'
import { studentCount } from './Classes'
import { ClassGames } from '@/features/games'
import { AssignSetPicker } from './AssignSetPicker'
import { dueLabel } from './due-date'
import { ProgressTable } from './ProgressTable'
import { RenameClassDialog } from './RenameClassDialog'
import styles from './Classes.module.css'
import { useConfirm } from '@/components/ConfirmDialog'

interface TeacherClassProps {
  detail: ClassroomDetail
  /** Loads the class again after a change (sets, students, name or code). */
  reload: () => void
}

/** The teacher's class page: join code and link, settings, assigned sets, students and their progress. */
export function TeacherClass({ detail, reload }: TeacherClassProps) {
  const navigate = useNavigate()
  const [confirm, confirmDialog] = useConfirm()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [copied, flashCopied] = useFlash(3000)
  const [renaming, setRenaming] = useState(false)
  // Progress is loaded again whenever the class changes (a student or a set more or less).
  const [progressRound, setProgressRound] = useState(0)
  const members = detail.members ?? []
  const joinLink = detail.joinCode ? `${window.location.origin}${joinLinkPath(detail.joinCode)}` : ''

  /** Runs one change, then reloads the class (and the progress); a failure shows above the sections. */
  const change = async (action: () => Promise<unknown>, after: () => void = reload) => {
    setBusy(true)
    setError('')
    try {
      await action()
      after()
      setProgressRound((round) => round + 1)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const copy = async (text: string, what: string) => {
    flashCopied((await copyText(text)) ? `${what} copied.` : `${what} could not be copied: select it and copy it by hand.`)
  }

  const regenerate = async () => {
    if (!(await confirm({ title: 'New Join Code', message: 'Give the class a new join code? The old code and link stop working.', confirmLabel: 'New Code' })))
      return
    void change(() => classesApi.update(detail.id, { regenerateCode: true }))
  }

  const deleteClass = async () => {
    const message = `Delete ${detail.name}? Its students lose access to its private sets. The sets themselves are kept.`
    if (!(await confirm({ title: 'Delete Class', message, confirmLabel: 'Delete', danger: true }))) return
    void change(
      () => classesApi.remove(detail.id),
      () => navigate('/classes'),
    )
  }

  const removeStudent = async (userId: string, username: string) => {
    if (!(await confirm({ title: 'Remove Student', message: `Remove ${username} from ${detail.name}?`, confirmLabel: 'Remove', danger: true }))) return
    void change(() => classesApi.removeMember(detail.id, userId))
  }

  const removeSet = async (setId: string, title: string) => {
    const message = `Remove ${title} from ${detail.name}? Students keep their answers but can no longer open it if it is private.`
    if (!(await confirm({ title: 'Remove Set', message, confirmLabel: 'Remove', danger: true }))) return
    void change(() => classesApi.unassignSet(detail.id, setId))
  }

  return (
    <div className={styles.page}>
      {confirmDialog}
      <div className={styles.head}>
        <div>
          <h1>{detail.name}</h1>
          <p className="muted">You teach this class · {studentCount(detail.memberCount)}</p>
        </div>
        <div className={styles.row}>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={deleteClass}>
            <span className={styles.danger}>Delete Class</span>
          </button>
        </div>
      </div>
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}

      <section className={styles.panel} aria-labelledby="join-heading">
        <h2 id="join-heading">Join code</h2>
        <p>
          Code:{' '}
          <strong className={styles.code} data-testid="join-code">
            {detail.joinCode}
          </strong>
        </p>
        <p className={styles.link}>
          Link: <span data-testid="join-link">{joinLink}</span>
        </p>
        <div className={styles.row}>
          <button type="button" className="button" onClick={() => void copy(detail.joinCode ?? '', 'Code')}>
            Copy Code
          </button>
          <button type="button" className="button" onClick={() => void copy(joinLink, 'Link')}>
            Copy Link
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={regenerate}>
            New Code
          </button>
        </div>
        <p role="status" aria-live="polite" className="muted">
          {copied}
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="sets-heading">
        <h2 id="sets-heading">Assigned sets</h2>
        {detail.sets.length === 0 ? (
          <p className="muted">No set is assigned yet. Assign one of your sets below.</p>
        ) : (
          <ul className={styles.list}>
            {detail.sets.map((set) => (
              <li key={set.id}>
                <Link to={`/study-sets/${set.id}`}>{set.title}</Link>
                {set.dueAt && <span className={styles.due}>{dueLabel(set.dueAt)}</span>}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-label={`Remove ${set.title} from the class`}
                  onClick={() => removeSet(set.id, set.title)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <AssignSetPicker assigned={detail.sets} busy={busy} onAssign={(setId, dueAt) => void change(() => classesApi.assignSet(detail.id, { setId, dueAt }))} />
      </section>

      <section className={styles.panel} aria-labelledby="students-heading">
        <h2 id="students-heading">Students</h2>
        {members.length === 0 ? (
          <p className="muted">No student has joined yet. Give them the code or the link above.</p>
        ) : (
          <ul className={styles.list}>
            {members.map((member) => (
              <li key={member.id}>
                <span>{member.username}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-label={`Remove ${member.username}`}
                  onClick={() => removeStudent(member.id, member.username)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProgressTable classId={detail.id} className={detail.name} round={progressRound} />

      <ClassGames classId={detail.id} hasSets={detail.sets.length > 0} />

      <RenameClassDialog
        open={renaming}
        classId={detail.id}
        name={detail.name}
        onClose={() => setRenaming(false)}
        onSaved={() => {
          setRenaming(false)
          reload()
        }}
      />
    </div>
  )
}
