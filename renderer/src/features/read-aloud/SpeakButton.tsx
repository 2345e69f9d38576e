import type { SyntheticEvent } from 'react'
import { AudioButton, soundButtonClass } from '@/components/card-side'
import { SpeakerIcon } from '@/components/icons'
import { splitAnswer } from '#shared/study/answer-text'
import { useT } from '@/lib/i18n'
import type { SpeakProps } from '@/lib/study-slots'
import { useSpeech } from './useSpeech'

type SpeakButtonProps = SpeakProps

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
