import { useState } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { pendingJoin } from './pending-destination'
import { AuthCard } from '@/components/AuthCard'
import { authApi } from './auth-api'
import { useAuth } from './useAuth'
import { errorMessage } from '@/lib/api'

export function PendingVerification() {
  const auth = useAuth()
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)

  // Verifying in another tab updates the user through the realtime stream: go on to the app.
  if (auth?.user.verified) return <Navigate to={pendingJoin() ?? '/my-sets'} replace />

  const resend = async () => {
    const email = auth?.user.email
    if (!email) return
    setBusy(true)
    try {
      await authApi.requestVerification(email)
      setNotice(`A new verification link is on its way to ${email}.`)
    } catch (failure) {
      setNotice(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Verify Your Email">
      <p>Please check your email for a verification link and open it to activate your account. If you can't find it, check your spam folder.</p>
      {auth?.user.email && (
        <button type="button" className="button button-secondary button-block" onClick={resend} disabled={busy}>
          {busy ? 'Sending...' : 'Resend Verification Email'}
        </button>
      )}
      {notice && <p role="status">{notice}</p>}
      <Link to="/login" className="button button-block">
        Return to Login
      </Link>
    </AuthCard>
  )
}
