import { useEffect, useState } from 'react'
import { Link, useRouteError } from 'react-router-dom'
import { routeErrorMessages } from '#shared/messages'
import { AuthCard } from '@/components/AuthCard'
import { connectivity } from '@/lib/connectivity'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { claimChunkReload, isChunkLoadError } from './chunk-reload'

function isOffline(): boolean {
  return connectivity.isOffline() || navigator.onLine === false
}

/**
 * The app's own error page, in the page area of the shell (header and footer stay), for a route
 * whose code cannot load or whose page throws: never React Router's developer page. A chunk missing
 * after a deploy reloads the page once (chunk-reload.ts); offline, it says so.
 */
export function RouteError() {
  const error = useRouteError()
  const [reloading] = useState(() => claimChunkReload(error, { storage: window.sessionStorage, now: Date.now(), offline: isOffline() }))
  useDocumentTitle(routeErrorMessages.title)
  useEffect(() => {
    if (reloading) window.location.reload()
    else console.error(error)
  }, [reloading, error])
  if (reloading) return null
  const offline = isChunkLoadError(error) && isOffline()
  return (
    <AuthCard title={routeErrorMessages.title}>
      <p role="alert">{offline ? routeErrorMessages.offline : routeErrorMessages.failed}</p>
      <button type="button" className="button button-block" onClick={() => window.location.reload()}>
        {routeErrorMessages.tryAgain}
      </button>
      <Link to="/my-sets" className="button button-secondary button-block">
        {routeErrorMessages.mySets}
      </Link>
    </AuthCard>
  )
}
