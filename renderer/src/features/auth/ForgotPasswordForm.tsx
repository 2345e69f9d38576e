import { useState } from 'react'
import { T, useShared, useT } from '@/lib/i18n'
import { Link } from 'react-router-dom'
import { emailOnlySchema } from '#shared/api/auth'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { errorMessage } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'

export function ForgotPasswordForm() {
  const t = useT()
  const messages = useShared('messages')
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
    <AuthCard title={t('auth.forgot.title')}>
      <p className="muted">{t('auth.forgot.intro')}</p>
      <AuthForm label={t('auth.forgot.label')} onSubmit={form.submit}>
        <Field
          label={t('auth.email')}
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
          {busy ? t('auth.sending') : t('auth.forgot.send')}
        </button>
        <p className="muted">
          <T id="auth.forgot.remembered" components={{ 0: <Link to="/login" /> }} />
        </p>
      </AuthForm>
    </AuthCard>
  )
}
