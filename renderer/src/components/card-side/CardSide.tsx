import type { CardAudio, CardImage as CardImageData } from '#shared/api/media'
import { CardImage } from '@/components/CardImage'
import { useT } from '@/lib/i18n'
import { AudioButton } from './AudioButton'
import { FormulaText } from './FormulaText'
import styles from './CardSide.module.css'

export interface CardSideProps {
  /** The side's text ('' for a picture alone); formulas in it are drawn. */
  text: string
  image?: CardImageData | null
  /**
   * The side's recording: a play button is drawn beside the text. Study modes leave it out and
   * pass the recording to their speaker button instead (which plays it, or reads the text aloud
   * when there is none), so a side never has two sound buttons.
   */
  audio?: CardAudio | null
  /** Which side, for the play button's name ('Play term recording'). */
  side?: 'term' | 'definition'
  /** The card's position (1-based), for the picture's fallback alt text. */
  position: number
  /** How tall the picture may grow. */
  size?: 'tile' | 'small' | 'large'
  /** The text's class (each mode styles it its own way). */
  textClassName?: string
  /** Replaces the picture's alt text (a form's preview, an answer choice). */
  alt?: string
  /** The side has a recording the mode plays with its own button: a side that is only that says "Recording". */
  recorded?: boolean
}

/** What a side that is only a recording shows where its text would be (its play button is beside it). */
export function RecordingLabel() {
  const t = useT()
  return (
    <span className={styles.recording}>
      <span aria-hidden="true">♪ </span>
      {t('card.recording')}
    </span>
  )
}

/**
 * A card side wherever a card is shown (every study mode, Match tiles, Test, Review, the set page,
 * the editor's preview, offline): its picture, its text with formulas drawn by KaTeX (loaded only
 * when a formula is shown), and its recording's play button.
 */
export function CardSide({ text, image, audio, side = 'term', position, size = 'small', textClassName, alt, recorded = false }: CardSideProps) {
  const t = useT()
  return (
    <>
      {image && <CardImage image={image} text={text} position={position} size={size} alt={alt} />}
      {text && <FormulaText text={text} className={textClassName} />}
      {!text && !image && (recorded || audio) && <RecordingLabel />}
      {audio && <AudioButton audio={audio} label={side === 'term' ? t('card.playTermRecording') : t('card.playDefinitionRecording')} />}
    </>
  )
}
