import { type ReactNode, useId, useState } from 'react'
import { type MessageId, T, translate, useT } from '@/lib/i18n'
import styles from './Faq.module.css'
import { LandingSection } from './LandingSection'

interface FaqEntry {
  question: MessageId
  answer: ReactNode
}

const MODES = [
  'landing.faq.modes.terms',
  'landing.faq.modes.flashcards',
  'landing.faq.modes.learn',
  'landing.faq.modes.match',
  'landing.faq.modes.write',
] as const

function faqEntries(): FaqEntry[] {
  return [
    { question: 'landing.faq.free.q', answer: <p>{translate('landing.faq.free.a')}</p> },
    { question: 'landing.faq.share.q', answer: <p>{translate('landing.faq.share.a')}</p> },
    {
      question: 'landing.faq.modes.q',
      answer: (
        <ul>
          {MODES.map((mode) => (
            <li key={mode}>
              <T id={mode} components={{ 0: <strong /> }} />
            </li>
          ))}
        </ul>
      ),
    },
    { question: 'landing.faq.import.q', answer: <p>{translate('landing.faq.import.a')}</p> },
    { question: 'landing.faq.phone.q', answer: <p>{translate('landing.faq.phone.a')}</p> },
  ]
}

/** One question: a disclosure button that shows and hides its answer. */
function FaqItem({ question, answer }: FaqEntry) {
  const t = useT()
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
          <span>{t(question)}</span>
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
  const t = useT()
  return (
    <LandingSection id="faq" title={t('landing.faq.title')} intro={t('landing.faq.intro')}>
      <ul className={styles.list}>
        {faqEntries().map((entry) => (
          <FaqItem key={entry.question} {...entry} />
        ))}
      </ul>
    </LandingSection>
  )
}
