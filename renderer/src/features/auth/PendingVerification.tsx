import { useState } from 'react'
import { useT } from '@/lib/i18n'
import { Link, Navigate } from 'react-router-dom'
import { pendingJoin } from './pending-destination'
import { AuthCard } from '@/components/AuthCard'
import { authApi } from './auth-api'
import { useAuth } from './useAuth'
import { errorMessage } from '@/lib/api'

export function PendingVerification() {
  const t = useT()
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
      setNotice(t('auth.pending.resent', { email }))
    } catch (failure) {
      setNotice(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title={t('auth.verifyYourEmail')}>
      <p>{t('auth.pending.text')}</p>
      {auth?.user.email && (
        <button type="button" className="button button-secondary button-block" onClick={resend} disabled={busy}>
          {busy ? t('auth.sending') : t('auth.pending.resend')}
        </button>
      )}
      {notice && <p role="status">{notice}</p>}
      <Link to="/login" className="button button-block">
        {t('auth.pending.return')}
      </Link>
    </AuthCard>
  )
}
