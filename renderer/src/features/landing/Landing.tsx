import { useAuth } from '@/features/auth'
import { ClosingCallToAction } from './ClosingCallToAction'
import { Faq } from './Faq'
import { FeatureGrid } from './FeatureGrid'
import { Hero } from './Hero'
import { HowItWorks } from './HowItWorks'
import styles from './Landing.module.css'

/** The landing page (docs/content-rules.md): hero, features, how it works, FAQ and a closing call to action. */
export function Landing() {
  const auth = useAuth()
  return (
    <div className={styles.page}>
      <Hero username={auth?.user.username} />
      <FeatureGrid />
      <HowItWorks />
      <Faq />
      <ClosingCallToAction signedIn={auth !== null} />
    </div>
  )
}
