import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { SESSION_MODAL_COUNTDOWN_SECONDS } from '#shared/limits'
import { translateShared, useLocale, useShared, useT } from '@/lib/i18n'
import { Dialog } from '@/components/Dialog'
import { authApi } from './auth-api'
import { authStore } from './auth-store'
import { ownAccountChangeSettled } from './own-changes'
import { type InvalidationReason, invalidationMessages, SessionMonitor } from './session-monitor'
import { forgetSession, useAuth } from './useAuth'

/**
 * Runs the session monitor while someone is signed in and shows the session-invalidated modal:
 * a 5 s countdown to /login, 'Login Now' to go at once, and closing it logs out (docs/content-rules.md).
 */
export function SessionManager() {
  const t = useT()
  const sessionMessages = useShared('sessionMessages')
  const locale = useLocale()
  const auth = useAuth()
  const navigate = useNavigate()
  const [reason, setReason] = useState<InvalidationReason | null>(null)
  const [secondsLeft, setSecondsLeft] = useState(SESSION_MODAL_COUNTDOWN_SECONDS)
  const userId = auth?.user.id

  useEffect(() => {
    if (!userId) return
    const monitor = new SessionMonitor({
      token: () => authStore.get()?.token ?? null,
      refresh: (token) => authApi.refresh(token),
      fetchMe: () => authApi.me(),
      openStream: (token) => new EventSource(`/api/realtime?token=${encodeURIComponent(token)}`),
      onRefreshed: (fresh) => authStore.set(fresh),
      onUserUpdated: (user) => authStore.updateUser(user),
      onInvalidated: (why) => {
        setSecondsLeft(SESSION_MODAL_COUNTDOWN_SECONDS)
        setReason(why)
      },
      now: () => Date.now(),
      ownChangeSettled: ownAccountChangeSettled,
    })
    monitor.start()
    return () => monitor.stop()
  }, [userId])

  useEffect(() => {
    if (!reason) return
    const timer = setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000)
    return () => clearInterval(timer)
  }, [reason])

  const goToLogin = () => {
    setReason(null)
    forgetSession()
    navigate('/login')
  }

  useEffect(() => {
    if (reason && secondsLeft === 0) goToLogin()
  })

  return (
    <Dialog
      open={reason !== null}
      role="alertdialog"
      keepOnTop
      title={sessionMessages.defaultTitle}
      onClose={() => {
        setReason(null)
        forgetSession()
      }}
    >
      <p>{reason ? translateShared(invalidationMessages[reason], locale) : sessionMessages.defaultMessage}</p>
      <p className="muted">{t('auth.session.redirecting', { seconds: secondsLeft })}</p>
      <button type="button" className="button" onClick={goToLogin}>
        {t('auth.session.loginNow')}
      </button>
    </Dialog>
  )
}
