import { useState } from 'react'
import { Link } from 'react-router-dom'
import { emailOnlySchema } from '@shared/api/auth'
import { fieldErrors } from '@shared/api/validation'
import { messages } from '@shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { errorMessage } from '@/lib/api'

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [fieldError, setFieldError] = useState('')
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const submit = async () => {
    setResult(null)
    const checked = emailOnlySchema.safeParse({ email })
    if (!checked.success) {
      setFieldError(fieldErrors(checked.error).email ?? messages.emailInvalid)
      return
    }
    setFieldError('')
    setBusy(true)
    try {
      await authApi.requestPasswordReset(checked.data.email)
      setEmail('')
      setResult({ ok: true, text: messages.forgotPasswordSent })
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure, messages.forgotPasswordFailed) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Forgot Password">
      <p className="muted">Enter the email address of your account and we'll send you a link to choose a new password.</p>
      <AuthForm label="Forgot password" onSubmit={submit}>
        <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError} required />
        {result && (
          <p className={result.ok ? 'alert-success' : 'alert-error'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Instructions'}
        </button>
        <p className="muted">
          Remembered it? <Link to="/login">Back to Login</Link>
        </p>
      </AuthForm>
    </AuthCard>
  )
}
