import { Link } from 'react-router-dom'
import { useAuth } from '../features/auth/useAuth'
import styles from './HomePage.module.css'

/** The landing page's hero; the full landing content comes with the public-face work. */
export function HomePage() {
  const auth = useAuth()
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <h1 id="hero-title">Study smarter with Cardwise</h1>
      <p className={styles.lead}>
        Make flashcard sets, share them with classmates, and learn them in five study modes: Terms, Flashcards, Learn,
        Match and Write.
      </p>
      <div className={styles.actions}>
        {auth ? (
          <>
            <Link to="/my-sets" className="button">
              Go to My Sets
            </Link>
            <Link to="/public-sets" className="button button-secondary">
              Browse Public Sets
            </Link>
          </>
        ) : (
          <>
            <Link to="/login" className="button button-secondary">
              Login
            </Link>
            <Link to="/register" className="button">
              Register
            </Link>
            <Link to="/public-sets" className="button button-secondary">
              Browse Public Sets
            </Link>
          </>
        )}
      </div>
    </section>
  )
}
