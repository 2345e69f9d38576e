import { T, useShared, useT } from '@/lib/i18n'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { loginSchema } from '#shared/api/auth'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi } from './auth-api'
import { forgetPendingRegistration, pendingJoin, pendingRegistration } from './pending-destination'
import { signIn } from './useAuth'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { FormError } from '@/components/FormError'

/**
 * Where to go once signed in: back to the page that sent the student here (a guard's
 * `state.from`, an in-app path only), else a class join link opened before signing up, else the
 * dashboard.
 */
export function afterLoginPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login') || from.startsWith('/register'))
    return pendingJoin() ?? '/dashboard'
  return from
}

export function LoginForm() {
  const t = useT()
  const messages = useShared('messages')
  const navigate = useNavigate()
  const location = useLocation()
  const form = useSchemaForm({
    schema: loginSchema,
    // An account registered on this device and waiting for (or just through) its verification.
    initial: { identity: pendingRegistration() ?? '', password: '' },
    // What the server answers an incomplete pair with: the fields' messages and 'Some fields are not valid.'
    onInvalid: (fields) => {
      form.setFields(fields)
      form.setError(messages.invalidInput)
    },
    send: async (input) => {
      signIn(await authApi.login(input))
      forgetPendingRegistration()
      navigate(afterLoginPath(location.state), { replace: true })
    },
    onFailure: (failure) => {
      form.setFields(fieldErrorsOf(failure))
      const message = errorMessage(failure, messages.loginFailed)
      form.setError(message === messages.failedToAuthenticate ? messages.wrongCredentials : message)
    },
  })
  const { values, setValue, fields, busy } = form

  return (
    <AuthCard title={t('auth.login.title')}>
      <AuthForm label={t('nav.login')} onSubmit={form.submit}>
        <Field
          label={t('auth.identity')}
          name="identity"
          autoComplete="username"
          value={values.identity}
          onChange={(e) => setValue('identity', e.target.value)}
          error={fields.identity}
          required
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          error={fields.password}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.login.busy') : t('nav.login')}
        </button>
        <p className="muted">
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
        </p>
        <p className="muted">
          <T id="auth.login.new" components={{ 0: <Link to="/register" /> }} />
        </p>
      </AuthForm>
    </AuthCard>
  )
}
