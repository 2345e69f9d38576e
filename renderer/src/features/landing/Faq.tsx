import { type ReactNode, useId, useState } from 'react'
import styles from './Faq.module.css'
import { LandingSection } from './LandingSection'

interface FaqEntry {
  question: string
  answer: ReactNode
}

const FAQ: FaqEntry[] = [
  {
    question: 'Is Cardwise free to use?',
    answer: (
      <p>
        Yes. Every account is free, and every study mode, import and export, and sharing come with it. Cardwise is in early beta, so expect the occasional rough
        edge while we keep improving it.
      </p>
    ),
  },
  {
    question: 'How do I share a study set with others?',
    answer: (
      <p>
        Open one of your sets and choose Make Public. It then appears in Public Sets, where anyone can find and study it, and you can copy its link to send to
        classmates. Make Private takes it off the list again.
      </p>
    ),
  },
  {
    question: 'Which study modes are there?',
    answer: (
      <ul>
        <li>
          <strong>Terms</strong>: the whole set as a list, sortable and filterable by how well you know each card.
        </li>
        <li>
          <strong>Flashcards</strong>: flip each card between term and definition.
        </li>
        <li>
          <strong>Learn</strong>: multiple choice in batches of 10; the cards you miss come back in the next batch.
        </li>
        <li>
          <strong>Match</strong>: drag each term onto its definition as fast as you can.
        </li>
        <li>
          <strong>Write</strong>: type the definition yourself; upper or lower case doesn&apos;t matter.
        </li>
      </ul>
    ),
  },
  {
    question: 'Can I import flashcards I already have?',
    answer: (
      <p>
        Yes. In My Sets, choose Import Set and pick a JSON or CSV file of up to 5 MB and 500 cards. A CSV file starts with a header row, then has the term in
        the first column and the definition in the second. A JSON file holds a list of cards, each with a term and a definition.
      </p>
    ),
  },
  {
    question: 'Does Cardwise work on my phone?',
    answer: (
      <p>
        Yes. Every page adapts to small screens, and Match deals fewer cards on a phone so they fit. Your browser can install Cardwise on your home screen like
        an app, and there is a desktop app for your computer too.
      </p>
    ),
  },
]

/** One question: a disclosure button that shows and hides its answer. */
function FaqItem({ question, answer }: FaqEntry) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const buttonId = `${id}-question`
  const answerId = `${id}-answer`
  return (
    <li className={styles.item}>
      <h3 className={styles.heading}>
        <button
          id={buttonId}
          type="button"
          className={styles.question}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span>{question}</span>
          <span className={styles.marker} aria-hidden="true" />
        </button>
      </h3>
      <div id={answerId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!open}>
        {answer}
      </div>
    </li>
  )
}

export function Faq() {
  return (
    <LandingSection id="faq" title="Frequently Asked Questions" intro="Short answers to what students ask us most.">
      <ul className={styles.list}>
        {FAQ.map((entry) => (
          <FaqItem key={entry.question} {...entry} />
        ))}
      </ul>
    </LandingSection>
  )
}
