import type { CardImage as CardImageData } from '#shared/api/media'
import { translate } from '@/lib/i18n'
import styles from './CardImage.module.css'

interface CardImageProps {
  image: CardImageData
  /** The side's text, or '' for a picture alone: the alt text is then 'Image for card N'. */
  text: string
  /** The card's position (1-based), for the fallback alt text. */
  position: number
  /** How tall it may grow: 'tile' on a Match tile, 'small' in lists, 'large' on a study card. */
  size?: keyof typeof MAX_HEIGHT
  className?: string
  /** Replaces the alt text made from `text` and `position` (a form's preview). */
  alt?: string
}

const MAX_HEIGHT = { tile: '5rem', small: '8rem', large: 'min(40vh, 20rem)' } as const

/** The alt text of a card side's picture: its text, else 'Image for card N'. */
export function cardImageAlt(text: string, position: number): string {
  const trimmed = text.trim()
  return trimmed === '' ? translate('card.imageAlt', { position }) : trimmed
}

/**
 * A card side's picture wherever a card is shown (set page, every study mode, review). Width and
 * height come from the card, so the page keeps its place while the bytes load; lazy, so a
 * 500-card set fetches only the pictures near the screen. The token cookie lets a private
 * picture load for its signed-in owner (an <img> cannot send the Authorization header).
 */
export function CardImage({ image, text, position, size = 'small', className, alt }: CardImageProps) {
  const ratio = image.width / image.height
  // As wide as fits: the box, the picture itself, and the height limit times the aspect ratio.
  const maxHeight = MAX_HEIGHT[size]
  const width = `min(100%, ${image.width}px, calc(${maxHeight} * ${ratio.toFixed(4)}))`
  return (
    <img
      className={`${styles.image} ${className ?? ''}`}
      style={{ width, aspectRatio: `${image.width} / ${image.height}` }}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={alt ?? cardImageAlt(text, position)}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  )
}
