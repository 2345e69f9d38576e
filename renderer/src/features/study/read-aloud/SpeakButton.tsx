import type { SyntheticEvent } from 'react'
import { SpeakerIcon } from '@/components/icons'
import { splitAnswer } from '@/features/study/card-pictures'
import { useSpeech } from './useSpeech'
import styles from './SpeakButton.module.css'

interface SpeakButtonProps {
  /**
   * What is read; nothing to read (a picture-only side) shows no button. An engine's answer text
   * (a definition with a picture marker, see card-pictures.tsx) is read as its text.
   */
  text: string
  /** The side's language (BCP 47); with no voice for it the button is not shown. */
  language: string | null
  /** Which side: the button's name is "Read term aloud" or "Read definition aloud". */
  side: 'term' | 'definition'
  className?: string
}

/** Stops a click reaching the card around the button: reading a flashcard aloud does not flip it. */
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation()

/** The speaker button beside a card side: reads its text aloud with the browser's speech synthesis. */
export function SpeakButton({ text, language, side, className }: SpeakButtonProps) {
  const { voice, speak } = useSpeech(language)
  const spoken = splitAnswer(text).text.trim()
  if (!voice || spoken === '') return null
  const label = `Read ${side} aloud`
  return (
    <button
      type="button"
      className={[styles.speak, className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      onPointerDown={keepToSelf}
      onPointerUp={keepToSelf}
      onClick={(event) => {
        keepToSelf(event)
        speak(spoken)
      }}
    >
      <SpeakerIcon />
    </button>
  )
}
