import { Link } from 'react-router-dom'
import { T, useT } from '@/lib/i18n'
import styles from './Legal.module.css'
import { LegalHeader, LegalSection } from './LegalParts'

const contactLink = <Link to="/contact" />

/** The privacy policy (docs/content-rules.md: static, last updated February 25, 2025, links to /contact); texts in legal.json. */
export function PrivacyPolicy() {
  const t = useT()
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <LegalHeader id="privacy-title" title={t('shell.footer.privacy')} />

      <p className={styles.summary}>{t('legal.privacy.summary')}</p>

      <p>
        <T id="legal.privacy.intro" components={{ 0: contactLink }} />
      </p>

      <LegalSection id="privacy-collect" title={t('legal.privacy.collect.title')}>
        <h3>{t('legal.privacy.account.title')}</h3>
        <ul>
          <li>{t('legal.privacy.account.li1')}</li>
          <li>{t('legal.privacy.account.li2')}</li>
          <li>{t('legal.privacy.account.li3')}</li>
        </ul>
        <h3>{t('legal.privacy.study.title')}</h3>
        <ul>
          <li>{t('legal.privacy.study.li1')}</li>
          <li>{t('legal.privacy.study.li2')}</li>
          <li>{t('legal.privacy.study.li3')}</li>
        </ul>
        <h3>{t('legal.privacy.messages.title')}</h3>
        <p>{t('legal.privacy.messages.p1')}</p>
        <h3>{t('legal.privacy.technical.title')}</h3>
        <ul>
          <li>{t('legal.privacy.technical.li1')}</li>
          <li>{t('legal.privacy.technical.li2')}</li>
          <li>{t('legal.privacy.technical.li3')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-use" title={t('legal.privacy.use.title')}>
        <ul>
          <li>{t('legal.privacy.use.li1')}</li>
          <li>{t('legal.privacy.use.li2')}</li>
          <li>{t('legal.privacy.use.li3')}</li>
          <li>{t('legal.privacy.use.li4')}</li>
        </ul>
        <p>{t('legal.privacy.use.p1')}</p>
      </LegalSection>

      <LegalSection id="privacy-public" title={t('legal.privacy.public.title')}>
        <ul>
          <li>
            <T id="legal.privacy.public.li1" components={{ 0: <strong /> }} />
          </li>
          <li>{t('legal.privacy.public.li2')}</li>
          <li>{t('legal.privacy.public.li3')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-hosting" title={t('legal.privacy.hosting.title')}>
        <p>{t('legal.privacy.hosting.p1')}</p>
      </LegalSection>

      <LegalSection id="privacy-keep" title={t('legal.privacy.keep.title')}>
        <p>
          <T id="legal.privacy.keep.p1" components={{ 0: <strong />, 1: contactLink }} />
        </p>
      </LegalSection>

      <LegalSection id="privacy-children" title={t('legal.privacy.children.title')}>
        <p>
          <T id="legal.privacy.children.p1" components={{ 0: contactLink }} />
        </p>
      </LegalSection>

      <LegalSection id="privacy-security" title={t('legal.privacy.security.title')}>
        <p>{t('legal.privacy.security.p1')}</p>
      </LegalSection>

      <LegalSection id="privacy-choices" title={t('legal.privacy.choices.title')}>
        <ul>
          <li>{t('legal.privacy.choices.li1')}</li>
          <li>{t('legal.privacy.choices.li2')}</li>
          <li>{t('legal.privacy.choices.li3')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-changes" title={t('legal.privacy.changes.title')}>
        <p>{t('legal.privacy.changes.p1')}</p>
      </LegalSection>

      <LegalSection id="privacy-contact" title={t('legal.privacy.contact.title')}>
        <p>
          <T id="legal.privacy.contact.p1" components={{ 0: contactLink, 1: <Link to="/terms-of-service" /> }} />
        </p>
      </LegalSection>
    </article>
  )
}
