import { Link } from 'react-router-dom'
import { T, useT } from '@/lib/i18n'
import styles from './Legal.module.css'
import { LegalHeader, LegalSection } from './LegalParts'

const contactLink = <Link to="/contact" />

/** The terms of service (docs/content-rules.md: static, last updated February 25, 2025, links to /contact); texts in legal.json. */
export function TermsOfService() {
  const t = useT()
  return (
    <article className={styles.page} aria-labelledby="terms-title">
      <LegalHeader id="terms-title" title={t('shell.footer.terms')} />

      <p className={styles.summary}>{t('legal.terms.summary')}</p>

      <p>
        <T id="legal.terms.intro" components={{ 0: contactLink }} />
      </p>

      <LegalSection id="terms-beta" title={t('legal.terms.beta.title')}>
        <p>{t('legal.terms.beta.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-eligibility" title={t('legal.terms.eligibility.title')}>
        <p>{t('legal.terms.eligibility.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-account" title={t('legal.terms.account.title')}>
        <ul>
          <li>{t('legal.terms.account.li1')}</li>
          <li>
            <T id="legal.terms.account.li2" components={{ 0: <strong /> }} />
          </li>
          <li>{t('legal.terms.account.li3')}</li>
          <li>{t('legal.terms.account.li4')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-content" title={t('legal.terms.content.title')}>
        <p>{t('legal.terms.content.p1')}</p>
        <p>{t('legal.terms.content.p2')}</p>
      </LegalSection>

      <LegalSection id="terms-use" title={t('legal.terms.use.title')}>
        <p>{t('legal.terms.use.intro')}</p>
        <ul>
          <li>{t('legal.terms.use.li1')}</li>
          <li>{t('legal.terms.use.li2')}</li>
          <li>{t('legal.terms.use.li3')}</li>
          <li>{t('legal.terms.use.li4')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-free" title={t('legal.terms.price.title')}>
        <p>{t('legal.terms.price.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-hosting" title={t('legal.terms.hosting.title')}>
        <p>{t('legal.terms.hosting.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-ending" title={t('legal.terms.ending.title')}>
        <p>
          <T id="legal.terms.ending.p1" components={{ 0: <Link to="/privacy-policy" /> }} />
        </p>
      </LegalSection>

      <LegalSection id="terms-liability" title={t('legal.terms.liability.title')}>
        <p>{t('legal.terms.liability.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-changes" title={t('legal.terms.changes.title')}>
        <p>{t('legal.terms.changes.p1')}</p>
      </LegalSection>

      <LegalSection id="terms-contact" title={t('legal.terms.contact.title')}>
        <p>
          <T id="legal.terms.contact.p1" components={{ 0: contactLink }} />
        </p>
      </LegalSection>
    </article>
  )
}
