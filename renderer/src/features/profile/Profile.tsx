import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { emailSchema } from '@shared/api/auth'
import { PASSWORD_MIN_LENGTH } from '@shared/limits'
import { messages } from '@shared/messages'
import { Dialog } from '@/components/Dialog'
import { Field } from '@/components/Field'
import { authApi, forgetSession, logout, useAuth } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import styles from './Profile.module.css'
import { FormError } from '@/components/FormError'

export function Profile() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [newEmail, setNewEmail] = useState('')
  const [emailBusy, setEmailBusy] = useState(false)
  const [emailError, setEmailError] = useState('')
  const [oldPassword, setOldPassword] = useState('')
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [passwordBusy, setPasswordBusy] = useState(false)
  const [passwordError, setPasswordError] = useState('')
  const [deletePassword, setDeletePassword] = useState('')
  const [deleteError, setDeleteError] = useState('')
  const [success, setSuccess] = useState<string | null>(null)

  if (!auth) return null
  const { user } = auth

  const updateEmail = async () => {
    setEmailError('')
    const checked = emailSchema.safeParse(newEmail)
    if (!checked.success) {
      setEmailError(messages.emailChangeFailed(checked.error.issues[0]?.message ?? messages.emailInvalid))
      return
    }
    setEmailBusy(true)
    try {
      await authApi.requestEmailChange(checked.data)
      setNewEmail('')
      setSuccess(messages.emailChangeRequested)
    } catch (failure) {
      setEmailError(messages.emailChangeFailed(errorMessage(failure)))
    } finally {
      setEmailBusy(false)
    }
  }

  const changePassword = async () => {
    setPasswordError('')
    if (!oldPassword || !password || !passwordConfirm) {
      setPasswordError(messages.passwordUpdateFailed('All three password fields are required.'))
      return
    }
    // Spec: a mismatch is reported and nothing is sent.
    if (password !== passwordConfirm) {
      setPasswordError(messages.profilePasswordsDoNotMatch)
      return
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordError(messages.passwordUpdateFailed(messages.passwordTooShort))
      return
    }
    setPasswordBusy(true)
    try {
      await authApi.changePassword({ oldPassword, password, passwordConfirm })
      setOldPassword('')
      setPassword('')
      setPasswordConfirm('')
      setSuccess(messages.passwordUpdated)
    } catch (failure) {
      setPasswordError(messages.passwordUpdateFailed(errorMessage(failure)))
    } finally {
      setPasswordBusy(false)
    }
  }

  const deleteAccount = async () => {
    setDeleteError('')
    if (!deletePassword) {
      setDeleteError(messages.passwordRequired)
      return
    }
    if (!window.confirm('Are you sure you want to delete your account? All your study sets will be deleted too.')) return
    try {
      await authApi.deleteAccount(deletePassword)
      forgetSession()
      navigate('/')
    } catch (failure) {
      setDeleteError(errorMessage(failure))
    }
  }

  const onLogout = async () => {
    await logout()
    navigate('/')
  }

  return (
    <div className={styles.page}>
      <h1>Profile</h1>

      <section className={styles.section} aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <Field label="Username" name="username" value={user.username} readOnly />
        <form
          className={styles.form}
          aria-label="Email"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void updateEmail()
          }}
        >
          <Field
            label="Email"
            name="newEmail"
            type="email"
            autoComplete="email"
            placeholder={user.email}
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            hint={`Current address: ${user.email ?? ''}`}
          />
          <FormError message={emailError} />
          <button type="submit" className="button" disabled={emailBusy}>
            {emailBusy ? 'Sending...' : 'Update Email'}
          </button>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="password-heading">
        <h2 id="password-heading">Change Password</h2>
        <form
          className={styles.form}
          aria-label="Change password"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void changePassword()
          }}
        >
          <Field label="Old Password" name="oldPassword" type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOldPassword(e.target.value)} />
          <Field label="New Password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} hint={messages.passwordHint} />
          <Field label="Confirm Password" name="passwordConfirm" type="password" autoComplete="new-password" value={passwordConfirm} onChange={(e) => setPasswordConfirm(e.target.value)} />
          <FormError message={passwordError} />
          <button type="submit" className="button" disabled={passwordBusy}>
            {passwordBusy ? 'Changing...' : 'Change Password'}
          </button>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <button type="button" className="button button-secondary" onClick={onLogout}>
          Logout
        </button>
      </section>

      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete Account</h2>
        <p className="muted">This deletes your account and every study set you made. It cannot be undone.</p>
        <form
          className={styles.form}
          aria-label="Delete account"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void deleteAccount()
          }}
        >
          <Field label="Current Password" name="deletePassword" type="password" autoComplete="current-password" value={deletePassword} onChange={(e) => setDeletePassword(e.target.value)} error={deleteError} />
          <button type="submit" className="button button-danger">
            Delete Account
          </button>
        </form>
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
