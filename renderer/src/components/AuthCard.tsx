import type { ReactNode } from 'react'
import styles from './AuthCard.module.css'
import { Form } from './Form'

/** The centred card that holds the account pages' forms and messages. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  )
}

/** The account pages' form: the one Form, laid out for the card. */
export function AuthForm({ onSubmit, children, label }: { onSubmit: () => void; children: ReactNode; label: string }) {
  return (
    <Form className={styles.form} label={label} onSubmit={onSubmit}>
      {children}
    </Form>
  )
}
