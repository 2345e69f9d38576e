import { useAuth } from '@/features/auth/useAuth'
import { ClosingCallToAction } from '@/features/landing/ClosingCallToAction'
import { Faq } from '@/features/landing/Faq'
import { FeatureGrid } from '@/features/landing/FeatureGrid'
import { Hero } from '@/features/landing/Hero'
import { HowItWorks } from '@/features/landing/HowItWorks'
import styles from './HomePage.module.css'

/** The landing page (spec section 2): hero, features, how it works, FAQ and a closing call to action. */
export function HomePage() {
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
