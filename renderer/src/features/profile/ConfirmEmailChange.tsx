import { useState } from 'react'
import { confirmEmailChangeSchema } from '#shared/api/auth'
import { REDIRECT_DELAY_MS } from '#shared/limits'
import { messages } from '#shared/messages'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi, forgetSession, ownAccountChange } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import { useRedirectAfter } from '@/lib/useRedirectAfter'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { FormError } from '@/components/FormError'

export function ConfirmEmailChange({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false)
  const form = useSchemaForm({
    schema: confirmEmailChangeSchema,
    initial: { password: '' },
    input: ({ password }) => ({ token, password }),
    // As the server would answer: the password's message, or 'Some fields are not valid.' for a bad token.
    onInvalid: (fields) => {
      form.setError(messages.emailChangeFailed(fields.password ?? messages.invalidInput))
    },
    send: async (input) => {
      // The change ends every session, this browser's too: it signs out here at once (the
      // session modal stays away) and goes to the login page.
      await ownAccountChange(async () => {
        await authApi.confirmEmailChange(input)
        forgetSession()
      })
      setDone(true)
    },
    onFailure: (failure) => {
      form.setError(messages.emailChangeFailed(errorMessage(failure)))
    },
  })
  useRedirectAfter(done, '/login', REDIRECT_DELAY_MS)

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

  return (
    <AuthCard title="Confirm Email Change">
      <p className="muted">Enter your current password to move your account to the new email address.</p>
      <AuthForm label="Confirm email change" onSubmit={form.submit}>
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button button-block" disabled={form.busy}>
          {form.busy ? 'Confirming...' : 'Confirm Email Change'}
        </button>
      </AuthForm>
    </AuthCard>
  )
}
