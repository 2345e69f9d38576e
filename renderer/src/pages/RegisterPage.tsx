import { RegisterForm } from '@/features/auth/RegisterForm'

/** /register: create an account (spec section 3). */
export function RegisterPage() {
  return <RegisterForm />
}
