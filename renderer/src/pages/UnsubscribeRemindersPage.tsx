import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'
import { api, errorMessage } from '@/lib/api'
import { useShared, useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/**
 * /reminders/unsubscribe?token=...: where a reminder email's link leads (issue 31). Works signed
 * out: the token names the student. A button sends the same POST a mail client's one-click
 * unsubscribe sends (RFC 8058), so a link scanner opening the page turns nothing off.
 */
export function UnsubscribeRemindersPage() {
  const t = useT()
  const habitMessages = useShared('habitMessages')
  useDocumentTitle(t('habits.unsubscribe.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<{ kind: 'ready' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'ready' })

  const unsubscribe = async () => {
    setState({ kind: 'busy' })
    try {
      await api('POST /api/reminders/unsubscribe', { query: { token } })
      setState({ kind: 'done' })
    } catch (failure) {
      setState({ kind: 'error', message: errorMessage(failure) })
    }
  }

  return (
    <AuthCard title={t('habits.unsubscribe.title')}>
      {state.kind === 'done' ? (
        <p className="alert-success" role="status">
          {habitMessages.unsubscribed}
        </p>
      ) : (
        <>
          <p>{t('habits.unsubscribe.question')}</p>
          {state.kind === 'error' && (
            <p className="alert-error" role="alert">
              {state.message}
            </p>
          )}
          <button type="button" className="button button-block" disabled={!token || state.kind === 'busy'} onClick={() => void unsubscribe()}>
            {t('habits.unsubscribe.stop')}
          </button>
        </>
      )}
      <Link to="/">{t('common.backToHome')}</Link>
    </AuthCard>
  )
}
