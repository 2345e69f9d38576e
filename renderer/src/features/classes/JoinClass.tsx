import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { forgetPendingJoin } from '@/features/auth'
import { errorMessage } from '@/lib/api'
import { classesApi } from './classes-api'
import styles from './Classes.module.css'
import { FormError } from '@/components/FormError'
import { T, useT } from '@/lib/i18n'

/**
 * /classes/join/:code: joins the class of the link's code and goes to it (the route's guard sends
 * a signed-out visitor to log in first and back here). Joining twice is harmless.
 */
export function JoinClass({ code }: { code: string }) {
  const t = useT()
  const navigate = useNavigate()
  const [error, setError] = useState('')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    forgetPendingJoin()
    classesApi
      .join({ code })
      .then((joined) => navigate(`/classes/${joined.id}`, { replace: true }))
      .catch((failure: unknown) => setError(errorMessage(failure)))
  }, [code, navigate])

  if (!error) {
    return (
      <p className="muted" role="status">
        {t('classes.joining')}
      </p>
    )
  }
  return (
    <div className={styles.page}>
      <h1>{t('classes.joinFailed')}</h1>
      <FormError message={error} />
      <p>
        <T id="classes.joinFailedHint" components={{ 0: <Link to="/classes" /> }} />
      </p>
    </div>
  )
}
