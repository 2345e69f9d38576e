import type { ReactNode } from 'react'
import { formatDay, T, useLocale } from '@/lib/i18n'
import styles from './Legal.module.css'

/** The day both legal pages were last updated (docs/content-rules.md). */
const LAST_UPDATED = '2025-02-25'

/** A legal page's title and its 'Last updated' line, the day in the reader's language. */
export function LegalHeader({ id, title }: { id: string; title: string }) {
  const locale = useLocale()
  return (
    <header className={styles.header}>
      <h1 id={id}>{title}</h1>
      <p className={styles.updated}>
        <T
          id="legal.updated"
          values={{ date: formatDay(LAST_UPDATED, locale, { year: 'numeric', month: 'long', day: 'numeric' }) }}
          components={{ 0: <time dateTime={LAST_UPDATED} /> }}
        />
      </p>
    </header>
  )
}

/** A numbered section of a legal page, named by its heading. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
