import { useState } from 'react'
import { Link } from 'react-router-dom'
import { emailOnlySchema } from '#shared/api/auth'
import { messages } from '#shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { errorMessage } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'

export function ForgotPasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const form = useSchemaForm({
    schema: emailOnlySchema,
    initial: { email: '' },
    before: () => {
      setResult(null)
      return true
    },
    onInvalid: (fields) => {
      form.setFields({ email: fields.email ?? messages.emailInvalid })
    },
    send: async ({ email }) => {
      await authApi.requestPasswordReset(email)
      form.reset()
      setResult({ ok: true, text: messages.forgotPasswordSent })
    },
    onFailure: (failure) => setResult({ ok: false, text: errorMessage(failure, messages.forgotPasswordFailed) }),
  })
  const { values, busy } = form

  return (
    <AuthCard title="Forgot Password">
      <p className="muted">Enter the email address of your account and we'll send you a link to choose a new password.</p>
      <AuthForm label="Forgot password" onSubmit={form.submit}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => form.setValue('email', e.target.value)}
          error={form.fields.email}
          required
        />
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
