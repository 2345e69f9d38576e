import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { messages } from '#shared/messages'
import { AuthCard } from '@/components/AuthCard'
import { authApi } from './auth-api'
import { pendingRegistration } from './pending-destination'

type State = 'verifying' | 'verified' | 'failed'

export function VerifyEmail({ token }: { token: string | undefined }) {
  const [state, setState] = useState<State>(token ? 'verifying' : 'failed')
  // The token is single-use: confirm it once, even when React runs effects twice in development.
  const sent = useRef(false)

  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    authApi.confirmVerification(token).then(
      () => setState('verified'),
      () => setState('failed'),
    )
  }, [token])

  if (state === 'verifying') {
    return (
      <AuthCard title="Email Verification">
        <p role="status">Verifying your email...</p>
      </AuthCard>
    )
  }
  if (state === 'verified') {
    // Registered on this device: the login form has the email; only the password is asked.
    const email = pendingRegistration()
    return (
      <AuthCard title="Email Verified!">
        <p>Your email address is confirmed. You can now log in and start studying.</p>
        {email && (
          <p>
            Log in as <strong>{email}</strong>: your email is already filled in, just enter your password.
          </p>
        )}
        <Link to="/login" className="button button-block">
          Login
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Verification Failed">
      <p className="alert-error">{messages.verificationFailed}</p>
      <Link to="/login" className="button button-block">
        Back to Login
      </Link>
    </AuthCard>
  )
}
