import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { changePasswordSchema, deleteAccountSchema, requestEmailChangeSchema } from '#shared/api/auth'
import { PASSWORD_MIN_LENGTH } from '#shared/limits'
import { messages } from '#shared/messages'
import { Dialog } from '@/components/Dialog'
import { Field } from '@/components/Field'
import { Form } from '@/components/Form'
import { authApi, forgetSession, logout, ownAccountChange, signIn, useAuth } from '@/features/auth'
import { MemorySettingsPanel } from '@/features/review'
import { errorMessage } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'
import styles from './Profile.module.css'
import { FormError } from '@/components/FormError'
import { useConfirm } from '@/components/ConfirmDialog'

export function Profile() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [confirm, confirmDialog] = useConfirm()
  const [success, setSuccess] = useState<string | null>(null)

  const emailForm = useSchemaForm({
    schema: requestEmailChangeSchema,
    initial: { newEmail: '' },
    onInvalid: (fields) => {
      emailForm.setError(messages.emailChangeFailed(fields.newEmail ?? messages.emailInvalid))
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
      passwordForm.setError(messages.passwordUpdateFailed(Object.values(fields)[0] ?? messages.invalidInput))
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
        title: 'Delete Account',
        message: 'Are you sure you want to delete your account? All your study sets will be deleted too.',
        confirmLabel: 'Yes, delete my account',
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
      <h1>Profile</h1>

      <section className={styles.section} aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <Field label="Username" name="username" value={user.username} readOnly />
        <Form className={styles.form} label="Email" onSubmit={emailForm.submit}>
          <Field
            label="Email"
            name="newEmail"
            type="email"
            autoComplete="email"
            placeholder={user.email}
            value={emailForm.values.newEmail}
            onChange={(e) => emailForm.setValue('newEmail', e.target.value)}
            hint={`Current address: ${user.email ?? ''}`}
          />
          <FormError message={emailForm.error} />
          <button type="submit" className="button" disabled={emailForm.busy}>
            {emailForm.busy ? 'Sending...' : 'Update Email'}
          </button>
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="password-heading">
        <h2 id="password-heading">Change Password</h2>
        <Form className={styles.form} label="Change password" onSubmit={passwordForm.submit}>
          <Field
            label="Old Password"
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={passwordForm.values.oldPassword}
            onChange={(e) => passwordForm.setValue('oldPassword', e.target.value)}
          />
          <Field
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={passwordForm.values.password}
            onChange={(e) => passwordForm.setValue('password', e.target.value)}
            hint={messages.passwordHint}
          />
          <Field
            label="Confirm Password"
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            value={passwordForm.values.passwordConfirm}
            onChange={(e) => passwordForm.setValue('passwordConfirm', e.target.value)}
          />
          <FormError message={passwordForm.error} />
          <button type="submit" className="button" disabled={passwordForm.busy}>
            {passwordForm.busy ? 'Changing...' : 'Change Password'}
          </button>
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <button type="button" className="button button-secondary" onClick={onLogout}>
          Logout
        </button>
      </section>

      <MemorySettingsPanel className={styles.section} />

      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete Account</h2>
        <p className="muted">This deletes your account and every study set you made. It cannot be undone.</p>
        <Form className={styles.form} label="Delete account" onSubmit={deleteForm.submit}>
          <Field
            label="Current Password"
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            value={deleteForm.values.password}
            onChange={(e) => deleteForm.setValue('password', e.target.value)}
            error={deleteForm.error}
          />
          <button type="submit" className="button button-danger">
            Delete Account
          </button>
        </Form>
      </section>

      <Dialog open={success !== null} title="Success" onClose={() => setSuccess(null)}>
        <p>{success}</p>
        <button type="button" className="button" onClick={() => setSuccess(null)}>
          Close
        </button>
      </Dialog>
    </div>
  )
}
