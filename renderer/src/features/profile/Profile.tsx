import { LanguagePicker } from '@/components/LanguagePicker'
import { translateShared, useLocale, useShared, useT } from '@/lib/i18n'
import { type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { changePasswordSchema, deleteAccountSchema, requestEmailChangeSchema } from '#shared/api/auth'
import { PASSWORD_MIN_LENGTH } from '#shared/limits'
import { Dialog } from '@/components/Dialog'
import { Field } from '@/components/Field'
import { Form } from '@/components/Form'
import { authApi, forgetSession, logout, ownAccountChange, signIn, useAuth } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'
import styles from './Profile.module.css'
import { FormError } from '@/components/FormError'
import { useConfirm } from '@/components/ConfirmDialog'

/**
 * /profile: the account's language, email, password, session and deletion; between them the
 * page's `studySettings` (Review's memory and habit settings), drawn with the section class given.
 */
export function Profile({ studySettings }: { studySettings: (className?: string) => ReactNode }) {
  const t = useT()
  const messages = useShared('messages')
  const locale = useLocale()
  const auth = useAuth()
  const navigate = useNavigate()
  const [confirm, confirmDialog] = useConfirm()
  const [success, setSuccess] = useState<string | null>(null)

  const emailForm = useSchemaForm({
    schema: requestEmailChangeSchema,
    initial: { newEmail: '' },
    onInvalid: (fields) => {
      emailForm.setError(messages.emailChangeFailed(translateShared(fields.newEmail ?? messages.emailInvalid, locale)))
    },
    send: async ({ newEmail }) => {
      await authApi.requestEmailChange(newEmail)
      emailForm.reset()
      setSuccess(messages.emailChangeRequested)
    },
    onFailure: (failure) => {
      emailForm.setError(messages.emailChangeFailed(errorMessage(failure)))
    },
  })

  const passwordForm = useSchemaForm({
    schema: changePasswordSchema,
    initial: { oldPassword: '', password: '', passwordConfirm: '' },
    // The spec's order of messages; a mismatch is reported and nothing is sent.
    before: ({ oldPassword, password, passwordConfirm }) => {
      const problem =
        !oldPassword || !password || !passwordConfirm
          ? messages.passwordUpdateFailed(messages.allPasswordsRequired)
          : password !== passwordConfirm
            ? messages.profilePasswordsDoNotMatch
            : password.length < PASSWORD_MIN_LENGTH
              ? messages.passwordUpdateFailed(messages.passwordTooShort)
              : ''
      passwordForm.setError(problem)
      return !problem
    },
    onInvalid: (fields) => {
      passwordForm.setError(messages.passwordUpdateFailed(translateShared(Object.values(fields)[0] ?? messages.invalidInput, locale)))
    },
    send: async (input) => {
      // This device stays signed in with the new token; every other session ends.
      await ownAccountChange(async () => signIn(await authApi.changePassword(input)))
      passwordForm.reset()
      setSuccess(messages.passwordUpdated)
    },
    onFailure: (failure) => {
      passwordForm.setError(messages.passwordUpdateFailed(errorMessage(failure)))
    },
  })

  const deleteForm = useSchemaForm({
    schema: deleteAccountSchema,
    initial: { password: '' },
    before: ({ password }) => {
      if (!password) {
        deleteForm.setError(messages.passwordRequired)
        return false
      }
      return true
    },
    send: async ({ password }) => {
      const sure = await confirm({
        title: t('profile.delete.title'),
        message: t('profile.delete.confirm'),
        confirmLabel: t('profile.delete.yes'),
        danger: true,
      })
      if (!sure) return
      await ownAccountChange(async () => {
        await authApi.deleteAccount(password)
        forgetSession()
      })
      navigate('/')
    },
    onFailure: (failure) => {
      deleteForm.setError(errorMessage(failure))
    },
  })

  if (!auth) return null
  const { user } = auth

  const onLogout = async () => {
    await logout()
    navigate('/')
  }

  return (
    <div className={styles.page}>
      {confirmDialog}
      <h1>{t('profile.title')}</h1>

      <section className={styles.section} aria-labelledby="account-heading">
        <h2 id="account-heading">{t('profile.account')}</h2>
        <Field label={t('auth.username')} name="username" value={user.username} readOnly />
        <Form className={styles.form} label={t('auth.email')} onSubmit={emailForm.submit}>
          <Field
            label={t('auth.email')}
            name="newEmail"
            type="email"
            autoComplete="email"
            placeholder={user.email}
            value={emailForm.values.newEmail}
            onChange={(e) => emailForm.setValue('newEmail', e.target.value)}
            hint={t('profile.currentEmail', { email: user.email ?? '' })}
          />
          <FormError message={emailForm.error} />
          <button type="submit" className="button" disabled={emailForm.busy}>
            {emailForm.busy ? t('auth.sending') : t('profile.updateEmail')}
          </button>
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="language-heading">
        <h2 id="language-heading">{t('language.heading')}</h2>
        <LanguagePicker signedIn />
      </section>

      <section className={styles.section} aria-labelledby="password-heading">
        <h2 id="password-heading">{t('profile.password.change')}</h2>
        <Form className={styles.form} label={t('profile.password.label')} onSubmit={passwordForm.submit}>
          <Field
            label={t('profile.password.old')}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={passwordForm.values.oldPassword}
            onChange={(e) => passwordForm.setValue('oldPassword', e.target.value)}
          />
          <Field
            label={t('auth.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={passwordForm.values.password}
            onChange={(e) => passwordForm.setValue('password', e.target.value)}
            hint={messages.passwordHint}
          />
          <Field
            label={t('profile.password.confirm')}
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            value={passwordForm.values.passwordConfirm}
            onChange={(e) => passwordForm.setValue('passwordConfirm', e.target.value)}
          />
          <FormError message={passwordForm.error} />
          <button type="submit" className="button" disabled={passwordForm.busy}>
            {passwordForm.busy ? t('profile.password.busy') : t('profile.password.change')}
          </button>
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="session-heading">
        <h2 id="session-heading">{t('profile.session')}</h2>
        <button type="button" className="button button-secondary" onClick={onLogout}>
          {t('nav.logout')}
        </button>
      </section>

      {studySettings(styles.section)}

      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-heading">
        <h2 id="delete-heading">{t('profile.delete.title')}</h2>
        <p className="muted">{t('profile.delete.text')}</p>
        <Form className={styles.form} label={t('profile.delete.label')} onSubmit={deleteForm.submit}>
          <Field
            label={t('profile.delete.password')}
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            value={deleteForm.values.password}
            onChange={(e) => deleteForm.setValue('password', e.target.value)}
            error={deleteForm.error}
          />
          <button type="submit" className="button button-danger">
            {t('profile.delete.title')}
          </button>
        </Form>
      </section>

      <Dialog open={success !== null} title={t('profile.success')} onClose={() => setSuccess(null)}>
        <p>{success}</p>
        <button type="button" className="button" onClick={() => setSuccess(null)}>
          {t('common.close')}
        </button>
      </Dialog>
    </div>
  )
}
