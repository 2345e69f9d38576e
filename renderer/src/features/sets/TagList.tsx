import styles from './TagList.module.css'
import { splitTags } from './set-text'

/** A set's tags as badges; nothing when it has none. */
export function TagList({ tags, label = 'Tags' }: { tags: string; label?: string }) {
  const list = splitTags(tags)
  if (list.length === 0) return null
  return (
    <ul className={styles.tags} aria-label={label}>
      {list.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tag}
        </li>
      ))}
    </ul>
  )
}
