import { useEffect, useRef, useState } from 'react'
import { T, useShared, useT } from '@/lib/i18n'
import { Link } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'
import { authApi } from './auth-api'
import { authStore } from './auth-store'
import { forgetPendingRegistration, pendingJoin, pendingRegistration, pendingRegistrationSession } from './pending-destination'
import { signIn } from './useAuth'
import { FormError } from '@/components/FormError'

type State = 'verifying' | 'verified' | { signedInAs: string } | 'failed'

/**
 * Registered on this device: the session kept aside at registration, refreshed now that the
 * account is verified, becomes the signed-in session (unless someone else is signed in here).
 * Returns the username signed in, or nothing when the login form is the way on.
 */
async function signInRegistered(): Promise<string | undefined> {
  const session = pendingRegistrationSession()
  const current = authStore.get()
  if (!session) return undefined
  try {
    const auth = await authApi.refresh(session)
    if (!auth.user.verified || (current && current.user.id !== auth.user.id)) return undefined
    signIn(auth)
    forgetPendingRegistration()
    return auth.user.username
  } catch {
    return undefined
  }
}

export function VerifyEmail({ token }: { token: string | undefined }) {
  const t = useT()
  const messages = useShared('messages')
  const [state, setState] = useState<State>(token ? 'verifying' : 'failed')
  // The token is single-use: confirm it once, even when React runs effects twice in development.
  const sent = useRef(false)

  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    authApi.confirmVerification(token).then(
      async () => {
        const username = await signInRegistered()
        setState(username ? { signedInAs: username } : 'verified')
      },
      () => setState('failed'),
    )
  }, [token])

  if (state === 'verifying') {
    return (
      <AuthCard title={t('auth.verify.title')}>
        <p role="status">{t('auth.verify.busy')}</p>
      </AuthCard>
    )
  }
  if (typeof state === 'object') {
    return (
      <AuthCard title={t('auth.verify.done')}>
        <p>
          <T id="auth.verify.signedIn" values={{ username: state.signedInAs }} components={{ 0: <strong /> }} />
        </p>
        <Link to={pendingJoin() ?? '/my-sets'} className="button button-block">
          {t('auth.verify.start')}
        </Link>
      </AuthCard>
    )
  }
  if (state === 'verified') {
    // Registered on this device: the login form has the email; only the password is asked.
    const email = pendingRegistration()
    return (
      <AuthCard title={t('auth.verify.done')}>
        <p>{t('auth.verify.confirmed')}</p>
        {email && (
          <p>
            <T id="auth.verify.loginAs" values={{ email }} components={{ 0: <strong /> }} />
          </p>
        )}
        <Link to="/login" className="button button-block">
          {t('nav.login')}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('auth.verify.failed')}>
      <FormError message={messages.verificationFailed} />
      <Link to="/login" className="button button-block">
        {t('auth.backToLogin')}
      </Link>
    </AuthCard>
  )
}
