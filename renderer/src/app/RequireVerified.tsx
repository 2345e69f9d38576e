import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useAuth } from '@/features/auth/useAuth'

/** The guard of verified-only routes: signed out goes to /login, unverified to /pending-verification. */
export function RequireVerified() {
  const auth = useAuth()
  const location = useLocation()
  if (!auth) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
  if (!auth.user.verified) return <Navigate to="/pending-verification" replace />
  return <Outlet />
}
