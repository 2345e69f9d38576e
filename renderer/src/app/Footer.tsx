import { Link } from 'react-router-dom'
import { LanguagePicker } from '@/components/LanguagePicker'
import { useAuth } from '@/features/auth/useAuth'
import { useT } from '@/lib/i18n'
import styles from './Footer.module.css'

export function Footer() {
  const t = useT()
  const signedIn = useAuth() !== null
  return (
    <footer className={styles.footer}>
      <p>© {new Date().getFullYear()} Cardwise</p>
      <nav aria-label={t('shell.footer.legal')}>
        <Link to="/privacy-policy">{t('shell.footer.privacy')}</Link>
        <Link to="/terms-of-service">{t('shell.footer.terms')}</Link>
      </nav>
      <LanguagePicker signedIn={signedIn} />
    </footer>
  )
}
