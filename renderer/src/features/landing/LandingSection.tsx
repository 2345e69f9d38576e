import type { ReactNode } from 'react'
import styles from './LandingSection.module.css'
import { useRevealOnce } from './useRevealOnce'

interface LandingSectionProps {
  /** Names the section's heading (`{id}-title`) and makes the section linkable as `/#{id}`. */
  id: string
  title: string
  intro?: ReactNode
  children: ReactNode
}

/** One section of the landing page: a centred heading and intro, fading in the first time it is seen. */
export function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  const { ref, revealClassName } = useRevealOnce<HTMLElement>()
  return (
    <section ref={ref} id={id} aria-labelledby={`${id}-title`} className={`${styles.section} ${revealClassName}`}>
      <header className={styles.header}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
      </header>
      {children}
    </section>
  )
}
