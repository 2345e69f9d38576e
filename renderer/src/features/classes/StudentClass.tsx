import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { AssignedSet as AssignedSetShape, ClassroomDetail } from '#shared/api/classes'
import { dueLabel } from './due-date'
import { errorMessage } from '@/lib/api'
import { backToState } from '@/features/sets'
import { classesApi } from './classes-api'
import { summarizeOwnProgress } from './own-progress'
import { useLoad } from './useLoad'
import styles from './Classes.module.css'
import { useConfirm } from '@/components/ConfirmDialog'

/** A student's class page: the assigned sets to study, their own progress on each, and leaving. */
export function StudentClass({ detail }: { detail: ClassroomDetail }) {
  const navigate = useNavigate()
  const [confirm, confirmDialog] = useConfirm()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const leave = async () => {
    if (!(await confirm({ title: 'Leave Class', message: `Leave ${detail.name}? Its private sets will no longer open for you.`, confirmLabel: 'Leave' })))
      return
    setBusy(true)
    setError('')
    try {
      await classesApi.leave(detail.id)
      navigate('/classes')
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <div className={styles.page}>
      {confirmDialog}
      <div className={styles.head}>
        <div>
          <h1>{detail.name}</h1>
          <p className="muted">Teacher: {detail.owner.username}</p>
        </div>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void leave()}>
          Leave Class
        </button>
      </div>
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}

      <section className={styles.panel} aria-labelledby="assigned-heading">
        <h2 id="assigned-heading">Assigned sets</h2>
        {detail.sets.length === 0 ? (
          <p className="muted">Your teacher has not assigned any set yet.</p>
        ) : (
          <ul className={styles.list}>
            {detail.sets.map((set) => (
              <AssignedSet key={set.id} set={set} classPath={`/classes/${detail.id}`} className={detail.name} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** One assigned set with links to study it and the student's own counts (GET /api/sets/:id/progress). */
function AssignedSet({ set, classPath, className }: { set: AssignedSetShape; classPath: string; className: string }) {
  const { loaded } = useLoad((signal) => classesApi.setProgress(set.id, signal), set.id)
  const own = loaded.state === 'ready' ? summarizeOwnProgress(loaded.data.items) : null
  return (
    <li>
      <div>
        <h3>
          <Link to={`/study-sets/${set.id}`} state={backToState(classPath, className)}>
            {set.title}
          </Link>
        </h3>
        {set.dueAt && <p className={styles.due}>{dueLabel(set.dueAt)}</p>}
        {own ? (
          <dl className={styles.stats}>
            <div>
              <dt>Studied</dt>
              <dd>
                {own.studied} of {set.cardCount}
              </dd>
            </div>
            <div>
              <dt>Mastered</dt>
              <dd>{own.mastered}</dd>
            </div>
            <div>
              <dt>Learning</dt>
              <dd>{own.learning}</dd>
            </div>
            <div>
              <dt>Needs review</dt>
              <dd>{own.needsReview}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{loaded.state === 'failed' ? 'Your progress could not be loaded.' : `${set.cardCount} cards`}</p>
        )}
      </div>
      <Link to={`/study-sets/${set.id}/learn`} className="button" aria-label={`Learn ${set.title}`}>
        Learn
      </Link>
    </li>
  )
}
