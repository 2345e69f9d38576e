import { useShared } from '@/lib/i18n'
import styles from './Spinner.module.css'

/** A turning ring while something loads, announced as 'Loading...' to screen readers. */
export function Spinner() {
  const setMessages = useShared('setMessages')
  return (
    <div role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{setMessages.loading}</span>
    </div>
  )
}
