import { FeatureIcon, type FeatureIconName } from './FeatureIcon'
import styles from './FeatureGrid.module.css'
import { LandingSection } from './LandingSection'

interface Feature {
  title: string
  icon: FeatureIconName
  text: string
}

const FEATURES: Feature[] = [
  {
    title: 'Create & Organize',
    icon: 'cards',
    text: 'Build sets of terms and definitions, add a description and a short tag like BIO101, then search and filter My Sets as your collection grows.',
  },
  {
    title: 'Multiple Study Modes',
    icon: 'modes',
    text: 'Read the Terms list, flip Flashcards, quiz yourself in Learn, type answers in Write, race the clock in Match, take a Test, and Review the cards that are due, scheduled by FSRS.',
  },
  {
    title: 'Import & Export',
    icon: 'transfer',
    text: 'Bring in an Anki package, a Quizlet export, a CSV or JSON file or pasted text, and export any of your sets to JSON or CSV whenever you like.',
  },
  {
    title: 'Classes & Sharing',
    icon: 'share',
    text: 'Teachers share sets with a class and follow each student’s progress; students join with a code. Any set can also be made public.',
  },
  {
    title: 'Study Offline',
    icon: 'moon',
    text: 'The sets you open stay on your device: study them with no connection, and your answers sync when you are back online.',
  },
  {
    title: 'Mobile Friendly',
    icon: 'phone',
    text: 'Every screen fits a phone, Match included, and your browser can install Cardwise on your home screen like any other app.',
  },
]

export function FeatureGrid() {
  return (
    <LandingSection id="features" title="Features" intro="Everything you need to turn notes into flashcards and flashcards into memory.">
      <ul className={styles.grid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.card}>
            <span className={styles.icon}>
              <FeatureIcon name={feature.icon} />
            </span>
            <h3 className={styles.title}>{feature.title}</h3>
            <p className={styles.text}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}
