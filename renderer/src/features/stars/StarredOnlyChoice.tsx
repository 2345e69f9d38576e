import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'
import { studyingStarredText } from './stars'
import type { Stars } from './useStars'
import styles from './Stars.module.css'

interface StarredOnlyChoiceProps {
  stars: Stars
  /** Whether every mode studies only the starred cards. */
  on: boolean
  onChange: (on: boolean) => void
}

/**
 * 'Starred only (N)': a pressed button that makes every mode study only the starred cards. With no
 * card starred it cannot be pressed (unless it is on already), and a hint says how to star one.
 */
export function StarredOnlyChoice({ stars, on, onChange }: StarredOnlyChoiceProps) {
  const t = useT()
  const count = stars.ids?.size ?? 0
  return (
    <div className={styles.choice}>
      <button type="button" className="button button-secondary" aria-pressed={on} disabled={!on && count === 0} onClick={() => onChange(!on)}>
        {t('stars.only', { count })}
      </button>
      {on && <p role="status">{studyingStarredText(count)}</p>}
      {count === 0 && stars.ids && <p className={styles.hint}>{t('stars.hint')}</p>}
      <FormError message={stars.error} />
    </div>
  )
}
