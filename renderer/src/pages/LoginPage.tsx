import { LoginForm } from '@/features/auth/LoginForm'

/** /login: sign in. */
export function LoginPage() {
  return <LoginForm />
}
