import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { AssignedSet as AssignedSetShape, ClassroomDetail } from '#shared/api/classes'
import { dueLabel } from './due-date'
import { errorMessage } from '@/lib/api'
import { backToState } from '@/features/sets'
import { classesApi } from './classes-api'
import { summarizeOwnProgress } from './own-progress'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { useConfirm } from '@/components/ConfirmDialog'
import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'

/** A student's class page: the assigned sets to study, their own progress on each, and leaving. */
export function StudentClass({ detail }: { detail: ClassroomDetail }) {
  const t = useT()
  const navigate = useNavigate()
  const [confirm, confirmDialog] = useConfirm()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const leave = async () => {
    const message = t('classes.leave.confirm', { name: detail.name })
    if (!(await confirm({ title: t('classes.leave.title'), message, confirmLabel: t('classes.leave.confirmLabel') }))) return
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
          <p className="muted">{t('classes.teacher', { username: detail.owner.username })}</p>
        </div>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void leave()}>
          {t('classes.leave.title')}
        </button>
      </div>
      <FormError message={error} />

      <section className={styles.panel} aria-labelledby="assigned-heading">
        <h2 id="assigned-heading">{t('classes.assigned')}</h2>
        {detail.sets.length === 0 ? (
          <p className="muted">{t('classes.assigned.noneYet')}</p>
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
  const t = useT()
  const { loaded } = useServerData(`own-progress:${set.id}`, (signal) => classesApi.setProgress(set.id, signal))
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
              <dt>{t('classes.own.studied')}</dt>
              <dd>{t('classes.own.studiedOf', { studied: own.studied, total: set.cardCount })}</dd>
            </div>
            <div>
              <dt>{t('classes.status.mastered')}</dt>
              <dd>{own.mastered}</dd>
            </div>
            <div>
              <dt>{t('classes.status.learning')}</dt>
              <dd>{own.learning}</dd>
            </div>
            <div>
              <dt>{t('classes.status.needsReview')}</dt>
              <dd>{own.needsReview}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{loaded.state === 'failed' ? t('classes.own.loadFailed') : t('sets.cardCount', { count: set.cardCount })}</p>
        )}
      </div>
      <Link to={`/study-sets/${set.id}/learn`} className="button" aria-label={t('classes.learnSet', { title: set.title })}>
        {t('mode.learn')}
      </Link>
    </li>
  )
}
