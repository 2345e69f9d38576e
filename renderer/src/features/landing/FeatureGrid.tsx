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
    text: 'Read the Terms list, flip Flashcards, quiz yourself in Learn, race the clock in Match, or type every answer in Write.',
  },
  {
    title: 'Import & Export',
    icon: 'transfer',
    text: 'Bring in up to 500 cards at once from a JSON or CSV file, and export any of your sets to JSON or CSV whenever you like.',
  },
  {
    title: 'Share & Collaborate',
    icon: 'share',
    text: 'Make a set public to list it in Public Sets, or send its link to classmates so the whole group studies from the same cards.',
  },
  {
    title: 'Dark Mode',
    icon: 'moon',
    text: 'Dark by default and easy on the eyes during late-night revision. Prefer light? One click switches, and Cardwise remembers.',
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
