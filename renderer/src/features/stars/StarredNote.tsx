import { Link, useLocation } from 'react-router-dom'
import { useT } from '@/lib/i18n'
import { StarIcon } from './StarButton'
import { studyingStarredText, withStarred } from './stars'
import styles from './Stars.module.css'

/**
 * 'Studying N starred cards' at the top of a mode opened with `?starred=1`, and the way to the same
 * mode over the whole set.
 */
export function StarredNote({ count }: { count: number }) {
  const t = useT()
  const { pathname, search } = useLocation()
  return (
    <p className={styles.note} role="status">
      <StarIcon filled />
      <span>{studyingStarredText(count)}</span>
      <Link to={withStarred(`${pathname}${search}`, false)}>{t('study.noStarred.all')}</Link>
    </p>
  )
}
