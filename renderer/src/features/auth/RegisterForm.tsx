import { useState } from 'react'
import { Link } from 'react-router-dom'
import { z } from 'zod'
import { emailSchema, registerSchema, usernameSchema } from '#shared/api/auth'
import { fieldErrors } from '#shared/api/validation'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOOLTIP_MS } from '#shared/limits'
import { messages } from '#shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { FormError } from '@/components/FormError'
import { useFlash } from '@/lib/useFlash'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { authApi } from './auth-api'
import { rememberPendingRegistration } from './pending-destination'

/** The register form's fields besides the password, checked beside a too-short password. */
const otherFieldsSchema = z.object({ username: usernameSchema, email: emailSchema })

export function RegisterForm() {
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
      // Opening the verification link on this device then leads to logging in as this account.
      if (!user.verified) rememberPendingRegistration(user.email ?? input.email)
      setRegistered({ email: input.email, verified: user.verified })
    },
    failureMessage: messages.registrationFailed,
  })
  const { values, setValue, fields, busy } = form

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
          We sent a verification link to <strong>{registered.email}</strong>. Open it to activate your account, and check your spam folder if it does not arrive
          within a few minutes.
        </p>
        <Link to="/login" className="button button-block">
          Go to Login
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Create your account">
      <AuthForm label="Register" onSubmit={form.submit}>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValue('username', e.target.value)}
          error={fields.username}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValue('email', e.target.value)}
          error={fields.email}
          required
        />
        <Field
          label="Password"
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
          {busy ? 'Registering...' : 'Register'}
        </button>
        <p className="muted">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </AuthForm>
    </AuthCard>
  )
}
