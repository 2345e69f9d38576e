import { Link } from 'react-router-dom'
import { useT } from '@/lib/i18n'
import styles from './ClosingCallToAction.module.css'
import { useRevealOnce } from './useRevealOnce'

/** The last word of the landing page: sign up, or back to work for a signed-in student. */
export function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  const t = useT()
  const { ref, revealClassName } = useRevealOnce<HTMLElement>()
  return (
    <section ref={ref} className={`${styles.cta} ${revealClassName}`} aria-labelledby="cta-title">
      {signedIn ? (
        <>
          <h2 id="cta-title" className={styles.title}>
            {t('landing.cta.signedInTitle')}
          </h2>
          <p className={styles.text}>{t('landing.cta.signedInText')}</p>
          <Link to="/my-sets" className="button">
            {t('landing.goToMySets')}
          </Link>
        </>
      ) : (
        <>
          <h2 id="cta-title" className={styles.title}>
            {t('landing.cta.title')}
          </h2>
          <p className={styles.text}>{t('landing.cta.text')}</p>
          <Link to="/register" className="button">
            {t('landing.cta.signUp')}
          </Link>
        </>
      )}
    </section>
  )
}
