import { RegisterForm } from '@/features/auth/RegisterForm'

/** /register: create an account (docs/content-rules.md). */
export function RegisterPage() {
  return <RegisterForm />
}
