import { FeatureIcon, type FeatureIconName } from './FeatureIcon'
import { type MessageId, useT } from '@/lib/i18n'
import styles from './FeatureGrid.module.css'
import { LandingSection } from './LandingSection'

interface Feature {
  title: MessageId
  icon: FeatureIconName
  text: MessageId
}

const FEATURES: Feature[] = [
  { title: 'landing.features.create.title', icon: 'cards', text: 'landing.features.create.text' },
  { title: 'landing.features.modes.title', icon: 'modes', text: 'landing.features.modes.text' },
  { title: 'landing.features.transfer.title', icon: 'transfer', text: 'landing.features.transfer.text' },
  { title: 'landing.features.classes.title', icon: 'share', text: 'landing.features.classes.text' },
  { title: 'landing.features.offline.title', icon: 'moon', text: 'landing.features.offline.text' },
  { title: 'landing.features.mobile.title', icon: 'phone', text: 'landing.features.mobile.text' },
]

export function FeatureGrid() {
  const t = useT()
  return (
    <LandingSection id="features" title={t('landing.features.title')} intro={t('landing.features.intro')}>
      <ul className={styles.grid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.card}>
            <span className={styles.icon}>
              <FeatureIcon name={feature.icon} />
            </span>
            <h3 className={styles.title}>{t(feature.title)}</h3>
            <p className={styles.text}>{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}
