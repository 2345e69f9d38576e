import { useState } from 'react'
import { Navigate } from 'react-router-dom'
import { authStore } from '@/features/auth'
import { LoginForm } from '@/features/auth/LoginForm'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /login: sign in. */
export function LoginPage() {
  const t = useT()
  useDocumentTitle(t('auth.login.pageTitle'))
  // Judged once, on arrival: signing in on this page navigates on by itself.
  const [signedInOnArrival] = useState(() => authStore.get() !== null)
  if (signedInOnArrival) return <Navigate to="/my-sets" replace />
  return <LoginForm />
}
