import { type MessageId, useT } from '@/lib/i18n'
import styles from './HowItWorks.module.css'
import { LandingSection } from './LandingSection'

const STEPS = [
  { title: 'landing.steps.create.title', text: 'landing.steps.create.text' },
  { title: 'landing.steps.mode.title', text: 'landing.steps.mode.text' },
  { title: 'landing.steps.track.title', text: 'landing.steps.track.text' },
] as const satisfies Array<{ title: MessageId; text: MessageId }>

export function HowItWorks() {
  const t = useT()
  return (
    <LandingSection id="how-it-works" title={t('landing.steps.title')} intro={t('landing.steps.intro')}>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step.title} className={styles.step}>
            <h3 className={styles.title}>{t(step.title)}</h3>
            <p className={styles.text}>{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  )
}
