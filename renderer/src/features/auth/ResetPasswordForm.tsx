import { useState } from 'react'
import { useShared, useT } from '@/lib/i18n'
import { Link } from 'react-router-dom'
import type { FieldErrors } from '#shared/api/errors'
import { confirmPasswordResetSchema } from '#shared/api/auth'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOOLTIP_MS, REDIRECT_DELAY_MS } from '#shared/limits'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { ApiError } from '@/lib/api'
import { useFlash } from '@/lib/useFlash'
import { useRedirectAfter } from '@/lib/useRedirectAfter'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { FormError } from '@/components/FormError'

type View = { kind: 'form' } | { kind: 'success' } | { kind: 'error'; message: string }

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const t = useT()
  const messages = useShared('messages')
  const [view, setView] = useState<View>(token ? { kind: 'form' } : { kind: 'error', message: messages.resetNoToken })
  const [tooltip, flashTooltip] = useFlash(PASSWORD_TOOLTIP_MS)
  useRedirectAfter(view.kind === 'success', '/login', REDIRECT_DELAY_MS)
  const form = useSchemaForm({
    schema: confirmPasswordResetSchema,
    initial: { password: '', passwordConfirm: '' },
    // The spec's order: both fields required, a short password's 3 s tooltip, then the schema (the match).
    before: ({ password, passwordConfirm }) => {
      const problems: FieldErrors = {}
      if (!password) problems.password = messages.passwordRequired
      if (!passwordConfirm) problems.passwordConfirm = messages.passwordRequired
      if (password && password.length < PASSWORD_MIN_LENGTH) flashTooltip(messages.passwordTooShort)
      else if (Object.keys(problems).length === 0) return true
      form.setFields(problems)
      return false
    },
    input: (values) => ({ ...values, token }),
    onInvalid: (fields) => {
      if (fields.token) setView({ kind: 'error', message: messages.resetLinkInvalid })
      else form.setFields(fields)
    },
    send: async (input) => {
      await authApi.confirmPasswordReset(input)
      setView({ kind: 'success' })
    },
    onFailure: (failure) => {
      if (failure instanceof ApiError && failure.fields.token) setView({ kind: 'error', message: messages.resetLinkInvalid })
      else if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) form.setFields(failure.fields)
      else if (failure instanceof ApiError && failure.status === 400) form.setError(messages.resetBadRequest)
      else setView({ kind: 'error', message: messages.resetOtherFailure })
    },
  })
  const { values, setValue, fields, busy } = form

  if (view.kind === 'success') {
    return (
      <AuthCard title={messages.resetSuccessTitle}>
        <p role="status">{t('auth.reset.changed')}</p>
        <Link to="/login" className="button button-block">
          {t('auth.goToLogin')}
        </Link>
      </AuthCard>
    )
  }
  if (view.kind === 'error') {
    return (
      <AuthCard title={t('auth.reset.invalidTitle')}>
        <FormError message={view.message} />
        <Link to="/forgot-password" className="button button-block">
          {t('auth.reset.requestNew')}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('auth.reset.title')}>
      <AuthForm label={t('auth.reset.label')} onSubmit={form.submit}>
        <Field
          label={t('auth.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          hint={messages.passwordHint}
          error={tooltip || fields.password}
          required
        />
        <Field
          label={t('auth.confirmNewPassword')}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          value={values.passwordConfirm}
          onChange={(e) => setValue('passwordConfirm', e.target.value)}
          error={fields.passwordConfirm}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.reset.busy') : t('auth.reset.title')}
        </button>
      </AuthForm>
    </AuthCard>
  )
}
