import { useState } from 'react'
import { T, useShared, useT } from '@/lib/i18n'
import { Link } from 'react-router-dom'
import { z } from 'zod'
import { emailSchema, registerSchema, usernameSchema } from '#shared/api/auth'
import { fieldErrors } from '#shared/api/validation'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOOLTIP_MS } from '#shared/limits'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { FormError } from '@/components/FormError'
import { useFlash } from '@/lib/useFlash'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { authApi } from './auth-api'
import { rememberPendingRegistration } from './pending-destination'

/** A session for the account just registered, or nothing when the server refuses one (rate limits): best effort. */
async function sessionAside(email: string, password: string): Promise<string | undefined> {
  try {
    return (await authApi.login({ identity: email, password })).token
  } catch {
    return undefined
  }
}

/** The register form's fields besides the password, checked beside a too-short password. */
const otherFieldsSchema = z.object({ username: usernameSchema, email: emailSchema })

export function RegisterForm() {
  const t = useT()
  const messages = useShared('messages')
  const [registered, setRegistered] = useState<{ email: string; verified: boolean } | null>(null)
  const [passwordTooltip, flashPasswordTooltip] = useFlash(PASSWORD_TOOLTIP_MS)
  const form = useSchemaForm({
    schema: registerSchema,
    initial: { username: '', email: '', password: '' },
    // Spec: a short password shows 'Password too short' for 3 s, and nothing is sent; the other
    // fields are flagged at the same time (issue 32). An empty one is 'Password is required.',
    // flagged with every other empty field by the schema.
    before: ({ password, ...others }) => {
      if (password === '' || password.length >= PASSWORD_MIN_LENGTH) return true
      const checked = otherFieldsSchema.safeParse(others)
      form.setFields(checked.success ? {} : fieldErrors(checked.error))
      flashPasswordTooltip(messages.passwordTooShort)
      return false
    },
    // The password is typed once; the contract's passwordConfirm carries the same value.
    input: (values) => ({ ...values, passwordConfirm: values.password }),
    send: async (input) => {
      const { user } = await authApi.register(input)
      // Opening the verification link on this device then signs in as this account: a session is
      // opened now and kept aside until then (without it, the login form fills in the email).
      if (!user.verified) rememberPendingRegistration(user.email ?? input.email, await sessionAside(input.email, input.password))
      setRegistered({ email: input.email, verified: user.verified })
    },
    failureMessage: messages.registrationFailed,
  })
  const { values, setValue, fields, busy } = form

  // The desktop app verifies accounts at once: there is no email to wait for.
  if (registered?.verified) {
    return (
      <AuthCard title={t('auth.register.created')}>
        <p>{t('auth.register.ready')}</p>
        <Link to="/login" className="button button-block">
          {t('auth.goToLogin')}
        </Link>
      </AuthCard>
    )
  }

  if (registered) {
    return (
      <AuthCard title={t('auth.verifyYourEmail')}>
        <p>
          <T id="auth.register.sent" values={{ email: registered.email }} components={{ 0: <strong /> }} />
        </p>
        <Link to="/login" className="button button-block">
          {t('auth.goToLogin')}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('auth.register.title')}>
      <AuthForm label={t('nav.register')} onSubmit={form.submit}>
        <Field
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValue('username', e.target.value)}
          error={fields.username}
          required
        />
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValue('email', e.target.value)}
          error={fields.email}
          required
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          hint={messages.passwordHint}
          error={passwordTooltip || fields.password || fields.passwordConfirm}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.register.busy') : t('nav.register')}
        </button>
        <p className="muted">
          <T id="auth.register.haveAccount" components={{ 0: <Link to="/login" /> }} />
        </p>
      </AuthForm>
    </AuthCard>
  )
}
