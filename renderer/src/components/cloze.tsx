import type { AskedPrompt } from '#shared/study/prompts'
import { FormulaText } from '@/components/card-side'
import styles from './Cloze.module.css'

/** A cloze prompt's text filled in, the asked deletion highlighted, formulas drawn (Flashcards' back, the editor's preview). */
export function ClozeFilled({ filled }: { filled: NonNullable<AskedPrompt['filled']> }) {
  return (
    <>
      {filled.map((part, index) =>
        part.asked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <mark key={index} className={styles.asked}>
            <FormulaText text={part.text} />
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <FormulaText key={index} text={part.text} />
        ),
      )}
    </>
  )
}

/** A cloze card's definition, shown after the answer as extra; nothing for other cards. */
export function PromptExtra({ card }: { card: object }) {
  const extra = 'asked' in card ? (card.asked as AskedPrompt).extra : ''
  if (!extra) return null
  return <FormulaText className={styles.extra} text={extra} />
}
