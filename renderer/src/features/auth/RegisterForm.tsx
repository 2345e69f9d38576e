import { useState } from 'react'
import { Link } from 'react-router-dom'
import { registerSchema } from '@shared/api/auth'
import type { FieldErrors } from '@shared/api/errors'
import { fieldErrors } from '@shared/api/validation'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOOLTIP_MS } from '@shared/limits'
import { messages } from '@shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import { useFlash } from '@/lib/useFlash'
import { FormError } from '@/components/FormError'

export function RegisterForm() {
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')
  const [registered, setRegistered] = useState<{ email: string; verified: boolean } | null>(null)
  const [passwordTooltip, flashPasswordTooltip] = useFlash(PASSWORD_TOOLTIP_MS)

  const submit = async () => {
    setError('')
    if (password.length < PASSWORD_MIN_LENGTH) {
      setFields({})
      flashPasswordTooltip(messages.passwordTooShort)
      return
    }
    // The password is typed once; the contract's passwordConfirm carries the same value.
    const input = { username, email, password, passwordConfirm: password }
    const checked = registerSchema.safeParse(input)
    if (!checked.success) {
      setFields(fieldErrors(checked.error))
      return
    }
    setFields({})
    setBusy(true)
    try {
      const { user } = await authApi.register(checked.data)
      setRegistered({ email: checked.data.email, verified: user.verified })
    } catch (failure) {
      const serverFields = fieldErrorsOf(failure)
      setFields(serverFields)
      if (Object.keys(serverFields).length === 0) setError(errorMessage(failure, messages.registrationFailed))
    } finally {
      setBusy(false)
    }
  }

  // The desktop app verifies accounts at once: there is no email to wait for.
  if (registered?.verified) {
    return (
      <AuthCard title="Account Created">
        <p>Your account is ready. Log in to start making study sets.</p>
        <Link to="/login" className="button button-block">
          Go to Login
        </Link>
      </AuthCard>
    )
  }

  if (registered) {
    return (
      <AuthCard title="Verify Your Email">
        <p>
          We sent a verification link to <strong>{registered.email}</strong>. Open it to activate your account, and check
          your spam folder if it does not arrive within a few minutes.
        </p>
        <Link to="/login" className="button button-block">
          Go to Login
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Create your account">
      <AuthForm label="Register" onSubmit={submit}>
        <Field label="Username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={fields.username} required />
        <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={messages.passwordHint}
          error={passwordTooltip || fields.password || fields.passwordConfirm}
          required
        />
        <FormError message={error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Registering...' : 'Register'}
        </button>
        <p className="muted">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </AuthForm>
    </AuthCard>
  )
}
