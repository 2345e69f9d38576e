import { useState } from 'react'
import { confirmEmailChangeSchema } from '#shared/api/auth'
import { REDIRECT_DELAY_MS } from '#shared/limits'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import { Field } from '@/components/Field'
import { authApi, forgetSession, ownAccountChange } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import { useRedirectAfter } from '@/lib/useRedirectAfter'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { FormError } from '@/components/FormError'
import { translateShared, useLocale, useShared, useT } from '@/lib/i18n'

export function ConfirmEmailChange({ token }: { token: string | undefined }) {
  const t = useT()
  const messages = useShared('messages')
  const locale = useLocale()
  const [done, setDone] = useState(false)
  const form = useSchemaForm({
    schema: confirmEmailChangeSchema,
    initial: { password: '' },
    input: ({ password }) => ({ token, password }),
    // As the server would answer: the password's message, or 'Some fields are not valid.' for a bad token.
    onInvalid: (fields) => {
      form.setError(messages.emailChangeFailed(translateShared(fields.password ?? messages.invalidInput, locale)))
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
      <AuthCard title={t('profile.confirmEmail.title')}>
        <FormError message={messages.invalidConfirmationLink} />
      </AuthCard>
    )
  }

  if (done) {
    return (
      <AuthCard title={t('profile.confirmEmail.title')}>
        <p className="alert-success" role="status">
          {messages.emailChanged}
        </p>
        <p className="muted">{t('profile.confirmEmail.redirecting')}</p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('profile.confirmEmail.title')}>
      <p className="muted">{t('profile.confirmEmail.intro')}</p>
      <AuthForm label={t('profile.confirmEmail.label')} onSubmit={form.submit}>
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button button-block" disabled={form.busy}>
          {form.busy ? t('profile.confirmEmail.busy') : t('profile.confirmEmail.title')}
        </button>
      </AuthForm>
    </AuthCard>
  )
}
