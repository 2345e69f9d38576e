import { Link } from 'react-router-dom'
import { useT } from '@/lib/i18n'
import styles from './Hero.module.css'

/** The top of the landing page; `username` is set for a signed-in student. */
export function Hero({ username }: { username?: string }) {
  const t = useT()
  const signedIn = username !== undefined
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{t('landing.hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.title}>
          {t('landing.hero.title')}
        </h1>
        <p className={styles.lead}>{t('landing.hero.lead')}</p>
        <p className={styles.platforms}>{t('landing.hero.platforms')}</p>
        {signedIn && <p className={styles.welcome}>{t('landing.hero.welcome', { username })}</p>}
        <div className={styles.actions}>
          {signedIn ? (
            <>
              <Link to="/my-sets" className="button">
                {t('landing.goToMySets')}
              </Link>
              <Link to="/public-sets" className="button button-secondary">
                {t('landing.browsePublicSets')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/login" className="button button-secondary">
                {t('nav.login')}
              </Link>
              <Link to="/register" className="button">
                {t('nav.register')}
              </Link>
              <Link to="/public-sets" className="button button-secondary">
                {t('landing.browsePublicSets')}
              </Link>
            </>
          )}
        </div>
      </div>

      {/* A sample card, flipped and stacked: decoration only. */}
      <div className={styles.illustration} aria-hidden="true">
        <div className={`${styles.sampleCard} ${styles.back}`}>
          <span className={styles.sampleLabel}>{t('landing.hero.sampleDefinitionLabel')}</span>
          <span className={styles.sampleText}>{t('landing.hero.sampleDefinition')}</span>
        </div>
        <div className={`${styles.sampleCard} ${styles.front}`}>
          <span className={styles.sampleLabel}>{t('landing.hero.sampleTermLabel')}</span>
          <span className={styles.sampleTerm}>{t('landing.hero.sampleTerm')}</span>
        </div>
      </div>
    </section>
  )
}
