import { Link } from 'react-router-dom'
import { AuthCard } from '@/components/AuthCard'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

export function NotFoundPage() {
  const t = useT()
  useDocumentTitle(t('notFound.title'))
  return (
    <AuthCard title={t('notFound.title')}>
      <p className="muted">{t('notFound.text')}</p>
      <Link to="/" className="button button-block">
        {t('common.backToHome')}
      </Link>
    </AuthCard>
  )
}
