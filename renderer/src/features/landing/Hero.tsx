import { Link } from 'react-router-dom'
import styles from './Hero.module.css'

/** The top of the landing page; `username` is set for a signed-in student. */
export function Hero({ username }: { username?: string }) {
  const signedIn = username !== undefined
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>Free flashcards · Early beta</p>
        <h1 id="hero-title" className={styles.title}>
          Study smarter with Cardwise
        </h1>
        <p className={styles.lead}>
          Make flashcard sets or import them from Anki and Quizlet, study them with your class, and learn them in seven study modes: Terms, Flashcards, Learn,
          Write, Match, Test and Review.
        </p>
        <p className={styles.platforms}>In your browser, installed on your phone, or as a desktop app.</p>
        {signedIn && <p className={styles.welcome}>Welcome back, {username}!</p>}
        <div className={styles.actions}>
          {signedIn ? (
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
      </div>

      {/* A sample card, flipped and stacked: decoration only. */}
      <div className={styles.illustration} aria-hidden="true">
        <div className={`${styles.sampleCard} ${styles.back}`}>
          <span className={styles.sampleLabel}>Definition</span>
          <span className={styles.sampleText}>The organelle that releases energy from food for the cell</span>
        </div>
        <div className={`${styles.sampleCard} ${styles.front}`}>
          <span className={styles.sampleLabel}>Term</span>
          <span className={styles.sampleTerm}>Mitochondria</span>
        </div>
      </div>
    </section>
  )
}
