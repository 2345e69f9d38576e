import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { FieldErrors } from '@shared/api/errors'
import { messages } from '@shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { signIn } from './useAuth'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import { FormError } from '@/components/FormError'

export function LoginForm() {
  const navigate = useNavigate()
  const [identity, setIdentity] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')

  const submit = async () => {
    setError('')
    setFields({})
    setBusy(true)
    try {
      signIn(await authApi.login({ identity: identity.trim(), password }))
      navigate('/dashboard')
    } catch (failure) {
      setFields(fieldErrorsOf(failure))
      setError(errorMessage(failure, messages.loginFailed))
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Log in to Cardwise">
      <AuthForm label="Login" onSubmit={submit}>
        <Field label="Email or Username" name="identity" autoComplete="username" value={identity} onChange={(e) => setIdentity(e.target.value)} error={fields.identity} required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fields.password} required />
        <FormError message={error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
        <p className="muted">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <p className="muted">
          New to Cardwise? <Link to="/register">Create an account</Link>
        </p>
      </AuthForm>
    </AuthCard>
  )
}
