import { type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { type ClassroomDetail, joinLinkPath } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { useFlash } from '@/lib/useFlash'
import { copyText } from '@/lib/browser'
import { classesApi } from './classes-api'
import { studentCount } from './Classes'
import { AssignSetPicker } from './AssignSetPicker'
import { dueLabel } from './due-date'
import { ProgressTable } from './ProgressTable'
import { RenameClassDialog } from './RenameClassDialog'
import styles from './Classes.module.css'
import { useConfirm } from '@/components/ConfirmDialog'
import { FormError } from '@/components/FormError'
import { T, useT } from '@/lib/i18n'

interface TeacherClassProps {
  detail: ClassroomDetail
  /** Loads the class again after a change (sets, students, name or code). */
  reload: () => void
  /** The class's live games (the page hands in the games feature's). */
  games: ClassGamesSlot
}

/** What draws a class's live games, under its students' progress. */
export type ClassGamesSlot = (props: { classId: string; hasSets: boolean }) => ReactNode

/** The teacher's class page: join code and link, settings, assigned sets, students and their progress. */
export function TeacherClass({ detail, reload, games }: TeacherClassProps) {
  const t = useT()
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

  const copy = async (text: string, what: 'code' | 'link') => {
    flashCopied(t((await copyText(text)) ? 'classes.copied' : 'classes.copyFailed', { what }))
  }

  const regenerate = async () => {
    if (!(await confirm({ title: t('classes.newCode.title'), message: t('classes.newCode.confirm'), confirmLabel: t('classes.newCode') }))) return
    void change(() => classesApi.update(detail.id, { regenerateCode: true }))
  }

  const deleteClass = async () => {
    const message = t('classes.delete.confirm', { name: detail.name })
    if (!(await confirm({ title: t('classes.delete'), message, confirmLabel: t('common.delete'), danger: true }))) return
    void change(
      () => classesApi.remove(detail.id),
      () => navigate('/classes'),
    )
  }

  const removeStudent = async (userId: string, username: string) => {
    const message = t('classes.removeStudent.confirm', { username, name: detail.name })
    if (!(await confirm({ title: t('classes.removeStudent.title'), message, confirmLabel: t('classes.remove'), danger: true }))) return
    void change(() => classesApi.removeMember(detail.id, userId))
  }

  const removeSet = async (setId: string, title: string) => {
    const message = t('classes.removeSet.confirm', { title, name: detail.name })
    if (!(await confirm({ title: t('classes.removeSet.title'), message, confirmLabel: t('classes.remove'), danger: true }))) return
    void change(() => classesApi.unassignSet(detail.id, setId))
  }

  return (
    <div className={styles.page}>
      {confirmDialog}
      <div className={styles.head}>
        <div>
          <h1>{detail.name}</h1>
          <p className="muted">{t('classes.youTeach', { students: studentCount(detail.memberCount) })}</p>
        </div>
        <div className={styles.row}>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setRenaming(true)}>
            {t('classes.rename')}
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={deleteClass}>
            <span className={styles.danger}>{t('classes.delete')}</span>
          </button>
        </div>
      </div>
      <FormError message={error} />

      <section className={styles.panel} aria-labelledby="join-heading">
        <h2 id="join-heading">{t('classes.joinCode')}</h2>
        <p>
          <T id="classes.code" values={{ code: detail.joinCode ?? '' }} components={{ 0: <strong className={styles.code} data-testid="join-code" /> }} />
        </p>
        <p className={styles.link}>
          <T id="classes.link" values={{ link: joinLink }} components={{ 0: <span data-testid="join-link" /> }} />
        </p>
        <div className={styles.row}>
          <button type="button" className="button" onClick={() => void copy(detail.joinCode ?? '', 'code')}>
            {t('classes.copyCode')}
          </button>
          <button type="button" className="button" onClick={() => void copy(joinLink, 'link')}>
            {t('classes.copyLink')}
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={regenerate}>
            {t('classes.newCode')}
          </button>
        </div>
        <p role="status" aria-live="polite" className="muted">
          {copied}
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="sets-heading">
        <h2 id="sets-heading">{t('classes.assigned')}</h2>
        {detail.sets.length === 0 ? (
          <p className="muted">{t('classes.assigned.none')}</p>
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
                  aria-label={t('classes.removeSet.label', { title: set.title })}
                  onClick={() => removeSet(set.id, set.title)}
                >
                  {t('classes.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <AssignSetPicker assigned={detail.sets} busy={busy} onAssign={(setId, dueAt) => void change(() => classesApi.assignSet(detail.id, { setId, dueAt }))} />
      </section>

      <section className={styles.panel} aria-labelledby="students-heading">
        <h2 id="students-heading">{t('classes.students')}</h2>
        {members.length === 0 ? (
          <p className="muted">{t('classes.students.none')}</p>
        ) : (
          <ul className={styles.list}>
            {members.map((member) => (
              <li key={member.id}>
                <span>{member.username}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-label={t('classes.removeStudent.label', { username: member.username })}
                  onClick={() => removeStudent(member.id, member.username)}
                >
                  {t('classes.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProgressTable classId={detail.id} className={detail.name} round={progressRound} />

      {games({ classId: detail.id, hasSets: detail.sets.length > 0 })}

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
