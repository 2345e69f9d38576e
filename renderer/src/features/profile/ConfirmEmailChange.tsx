import { useCallback, useState } from 'react'
import { REDIRECT_DELAY_MS } from '@shared/limits'
import { messages } from '@shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi, forgetSession } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import { useRedirectAfter } from '@/lib/useRedirectAfter'
import { FormError } from '@/components/FormError'

export function ConfirmEmailChange({ token }: { token: string | undefined }) {
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState(false)
  // The email change ended every session: sign out here before going to the login page.
  useRedirectAfter(done, '/login', REDIRECT_DELAY_MS, useCallback(forgetSession, []))

  if (!token) {
    return (
      <AuthCard title="Confirm Email Change">
        <p className="alert-error" role="alert">
          {messages.invalidConfirmationLink}
        </p>
      </AuthCard>
    )
  }

  if (done) {
    return (
      <AuthCard title="Confirm Email Change">
        <p className="alert-success" role="status">
          {messages.emailChanged}
        </p>
        <p className="muted">Redirecting to login...</p>
      </AuthCard>
    )
  }

  const submit = async () => {
    setError('')
    if (!password) {
      setError(messages.emailChangeFailed(messages.passwordRequired))
      return
    }
    setBusy(true)
    try {
      await authApi.confirmEmailChange({ token, password })
      setDone(true)
    } catch (failure) {
      setError(messages.emailChangeFailed(errorMessage(failure)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Confirm Email Change">
      <p className="muted">Enter your current password to move your account to the new email address.</p>
      <AuthForm label="Confirm email change" onSubmit={submit}>
        <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <FormError message={error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Confirming...' : 'Confirm Email Change'}
        </button>
      </AuthForm>
    </AuthCard>
  )
}
