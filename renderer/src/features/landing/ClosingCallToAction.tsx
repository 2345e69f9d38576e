import { Link } from 'react-router-dom'
import styles from './ClosingCallToAction.module.css'
import { useRevealOnce } from './useRevealOnce'

/** The last word of the landing page: sign up, or back to work for a signed-in student. */
export function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  const { ref, revealClassName } = useRevealOnce<HTMLElement>()
  return (
    <section ref={ref} className={`${styles.cta} ${revealClassName}`} aria-labelledby="cta-title">
      {signedIn ? (
        <>
          <h2 id="cta-title" className={styles.title}>
            Ready for your next study session?
          </h2>
          <p className={styles.text}>Your sets are where you left them. Pick one and keep going.</p>
          <Link to="/my-sets" className="button">
            Go to My Sets
          </Link>
        </>
      ) : (
        <>
          <h2 id="cta-title" className={styles.title}>
            Ready to start studying?
          </h2>
          <p className={styles.text}>Create a free account and make your first set in a couple of minutes.</p>
          <Link to="/register" className="button">
            Sign Up for Free
          </Link>
        </>
      )}
    </section>
  )
}
