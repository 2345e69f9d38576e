import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router-dom'
import { Dialog, DialogActions } from '@/components/Dialog'
import { authStore } from '@/features/auth'
import { useT } from '@/lib/i18n'

/**
 * Warns before leaving Learn or Write in the middle of a batch: the browser's own prompt when the
 * tab is closed or reloaded, and a dialog for a link inside the app. The place is kept either way
 * (study-place.ts). A session that ends (logout, the session modal) leaves without asking.
 */
export function LeaveWarning({ active }: { active: boolean }) {
  const t = useT()
  const signedInAtStart = useRef(authStore.get() !== null)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== '/login' &&
      !(signedInAtStart.current && authStore.get() === null),
  )

  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [active])

  const stay = () => blocker.reset?.()
  return (
    <Dialog open={blocker.state === 'blocked'} title={t('study.leave.title')} onClose={stay}>
      <p>{t('study.leave.text')}</p>
      <DialogActions>
        <button type="button" className="button button-secondary" onClick={stay}>
          {t('study.leave.stay')}
        </button>
        <button type="button" className="button" onClick={() => blocker.proceed?.()}>
          {t('study.leave.leave')}
        </button>
      </DialogActions>
    </Dialog>
  )
}
