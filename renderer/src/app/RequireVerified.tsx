import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { rememberPendingJoin, useAuth } from '@/features/auth'

/** The guard of verified-only routes: signed out goes to /login, unverified to /pending-verification. */
export function RequireVerified() {
  const auth = useAuth()
  const location = useLocation()
  // A class join link survives signing up, verifying and logging in (kept on the device).
  if (!auth || !auth.user.verified) rememberPendingJoin(location.pathname)
  if (!auth) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
  if (!auth.user.verified) return <Navigate to="/pending-verification" replace />
  return <Outlet />
}
