import { Link } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <AuthCard title="Page Not Found">
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button-block">
        Back to Home
      </Link>
    </AuthCard>
  )
}
