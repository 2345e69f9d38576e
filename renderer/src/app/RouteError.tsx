import { useEffect, useState } from 'react'
import { Link, useRouteError } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'
import { connectivity } from '@/lib/connectivity'
import { useSharedWhenLoaded, useT } from '@/lib/i18n'
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
  // The texts are shared/messages.ts's, which the landing page does not load: a moment here (they
  // come from the app's cache), or, when they cannot load either (offline before the app was kept
  // on the device, under the shell's offline notice), just the way to try again.
  const routeErrorMessages = useSharedWhenLoaded('routeErrorMessages')
  const t = useT()
  const error = useRouteError()
  const [reloading] = useState(() => claimChunkReload(error, { storage: window.sessionStorage, now: Date.now(), offline: isOffline() }))
  useDocumentTitle(routeErrorMessages?.title)
  useEffect(() => {
    if (reloading) window.location.reload()
    else console.error(error)
  }, [reloading, error])
  if (reloading || routeErrorMessages === undefined) return null
  if (routeErrorMessages === null) {
    return (
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('update.reload')}
      </button>
    )
  }
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
