import { useState } from 'react'
import { Navigate } from 'react-router-dom'
import { authStore } from '@/features/auth'
import { RegisterForm } from '@/features/auth/RegisterForm'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /register: create an account (docs/content-rules.md). */
export function RegisterPage() {
  const t = useT()
  useDocumentTitle(t('nav.register'))
  // Judged once, on arrival: signing in on this page navigates on by itself.
  const [signedInOnArrival] = useState(() => authStore.get() !== null)
  if (signedInOnArrival) return <Navigate to="/my-sets" replace />
  return <RegisterForm />
}
