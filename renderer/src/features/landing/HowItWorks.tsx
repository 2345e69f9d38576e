import styles from './HowItWorks.module.css'
import { LandingSection } from './LandingSection'

const STEPS = [
  {
    title: 'Create your study sets',
    text: 'Type in terms and definitions, or import a JSON or CSV file you already have. Keep each set private, or make it public for others.',
  },
  {
    title: 'Choose a study mode',
    text: 'Flip through Flashcards for a first pass, then test yourself with multiple choice in Learn, the timed Match game, or typed answers in Write.',
  },
  {
    title: 'Track your progress',
    text: 'Cardwise counts your right and wrong answers for every card. Missed cards come back until you get them, and the Terms list shows what you have mastered and what needs review.',
  },
]

export function HowItWorks() {
  return (
    <LandingSection id="how-it-works" title="How It Works" intro="From a blank page to exam-ready in three steps.">
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step.title} className={styles.step}>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.text}>{step.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  )
}
