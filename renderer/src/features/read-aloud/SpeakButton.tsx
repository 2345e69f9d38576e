import type { SyntheticEvent } from 'react'
import type { CardAudio } from '#shared/api/media'
import { AudioButton, soundButtonClass } from '@/components/card-side'
import { SpeakerIcon } from '@/components/icons'
import { splitAnswer } from '#shared/study/answer-text'
import { useT } from '@/lib/i18n'
import { useSpeech } from './useSpeech'

interface SpeakButtonProps {
  /**
   * What is read; nothing to read (a picture-only side) shows no button. An engine's answer text
   * (a definition with a picture marker, see shared/study/answer-text.ts) is read as its text.
   */
  text: string
  /** The side's language (BCP 47); with no voice for it the button is not shown. */
  language: string | null
  /** Which side: the button's name is "Read term aloud" or "Read definition aloud". */
  side: 'term' | 'definition'
  /** The side's recording: when it has one, the button plays it instead of reading aloud. */
  audio?: CardAudio | null
  className?: string
}

/** A formula is read as its LaTeX without the delimiters (speech has nothing better to say of it). */
const spokenText = (text: string) =>
  text
    .replace(/\\[()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Stops a click reaching the card around the button: reading a flashcard aloud does not flip it. */
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation()

/**
 * The sound button beside a card side: plays the side's recording, or (a side without one) reads
 * its text aloud with the browser's speech synthesis.
 */
export function SpeakButton({ audio, ...props }: SpeakButtonProps) {
  const t = useT()
  if (audio) {
    const label = props.side === 'term' ? t('card.playTermRecording') : t('card.playDefinitionRecording')
    return <AudioButton audio={audio} label={label} className={props.className} />
  }
  return <ReadAloudButton {...props} />
}

function ReadAloudButton({ text, language, side, className }: Omit<SpeakButtonProps, 'audio'>) {
  const t = useT()
  const { voice, speak } = useSpeech(language)
  const spoken = spokenText(splitAnswer(text).text)
  if (!voice || spoken === '') return null
  const label = t('study.readAloud', { side })
  return (
    <button
      type="button"
      className={[soundButtonClass, className].filter(Boolean).join(' ')}
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
