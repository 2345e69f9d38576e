import type { DiffPart } from '#shared/study/answer-check'
import { useT } from '@/lib/i18n'
import styles from './AnswerDifference.module.css'

/** The typed answer against the expected one: letters missing are marked, letters too many struck through. */
export function AnswerDifference({ parts }: { parts: DiffPart[] }) {
  const t = useT()
  return (
    <p className={styles.difference} aria-label={t('write.difference')}>
      {parts.map((part, index) => {
        if (part.kind === 'missing')
          return (
            <ins key={index} className={styles.missing}>
              {part.text}
            </ins>
          )
        if (part.kind === 'extra')
          return (
            <del key={index} className={styles.extra}>
              {part.text}
            </del>
          )
        return <span key={index}>{part.text}</span>
      })}
    </p>
  )
}
