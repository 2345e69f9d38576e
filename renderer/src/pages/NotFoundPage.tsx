import { Link } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'

export function NotFoundPage() {
  return (
    <AuthCard title="Page Not Found">
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button-block">
        Back to Home
      </Link>
    </AuthCard>
  )
}
