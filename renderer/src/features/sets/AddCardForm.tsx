import { useRef, useState } from 'react'
import type { Flashcard } from '@shared/api/sets'
import { setMessages } from '@shared/messages'
import styles from './AddCardForm.module.css'
import { CardFormFields, useCardForm } from './CardFormFields'
import { setsApi } from './sets-api'
import { useFormSubmit } from './useFormSubmit'
import { FormError } from '@/components/FormError'

/** The owner's form under the terms: a new card goes to the end of the set. */
export function AddCardForm({ setId, onAdded }: { setId: string; onAdded: (card: Flashcard) => void }) {
  const form = useCardForm()
  const [status, setStatus] = useState('')
  const termRef = useRef<HTMLInputElement>(null)
  const { busy, error, submit } = useFormSubmit(form, setMessages.addCardFailed, async (input) => {
    setStatus('')
    const card = await setsApi.addCard(setId, input)
    onAdded(card)
    form.reset()
    setStatus(`Added “${card.term}”.`)
    termRef.current?.focus()
  })

  return (
    <section className={styles.panel} aria-labelledby="add-card-heading">
      <h3 id="add-card-heading" className={styles.heading}>
        Add a Flashcard
      </h3>
      <form
        className={styles.form}
        aria-label="Add flashcard"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <div className={styles.fields}>
          <CardFormFields values={form.values} fields={form.fields} onChange={form.setValue} termRef={termRef} />
        </div>
        <FormError message={error} />
        <div className={styles.footer}>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Adding...' : 'Add Flashcard'}
          </button>
          <p className="muted" role="status">
            {status}
          </p>
        </div>
      </form>
    </section>
  )
}
