import type { MouseEvent } from 'react'
import { Svg } from '@/components/icons'
import { useT } from '@/lib/i18n'
import type { StarProps } from '@/lib/study-slots'
import styles from './Stars.module.css'

type StarButtonProps = StarProps

/**
 * The star toggle of one card: 'Star card' or 'Unstar card', pressed when starred. Its click goes
 * no further, so a star on or beside a flashcard never turns the card over.
 */
export function StarButton({ starred, onToggle, cardName, disabled = false }: StarButtonProps) {
  const t = useT()
  const action = starred ? t('stars.unstar') : t('stars.star')
  const label = cardName ? t(starred ? 'stars.unstarNamed' : 'stars.starNamed', { name: cardName }) : action
  const onClick = (event: MouseEvent) => {
    event.stopPropagation()
    onToggle()
  }
  return (
    <button
      type="button"
      className={`icon-button ${styles.star}`}
      aria-pressed={starred}
      aria-label={label}
      title={action}
      disabled={disabled}
      onClick={onClick}
    >
      <StarIcon filled={starred} size={20} />
    </button>
  )
}

/** A five-pointed star, filled when `filled`; hidden from screen readers like every icon. */
export function StarIcon({ filled, size = 18 }: { filled: boolean; size?: number }) {
  return (
    <Svg size={size}>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9z" fill={filled ? 'currentColor' : 'none'} />
    </Svg>
  )
}
