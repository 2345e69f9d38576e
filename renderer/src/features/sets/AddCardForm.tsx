import { useRef, useState } from 'react'
import type { Flashcard } from '#shared/api/sets'
import { setMessages } from '#shared/messages'
import styles from './AddCardForm.module.css'
import { CardFormFields } from './CardFormFields'
import { setsApi } from './sets-api'
import { emptyCardForm, useCardForm } from './useSetForm'
import { Form } from '@/components/Form'
import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'

/** The owner's form under the terms: a new card goes to the end of the set. */
export function AddCardForm({ setId, onAdded }: { setId: string; onAdded: (card: Flashcard) => void }) {
  const t = useT()
  const [status, setStatus] = useState('')
  const [uploading, setUploading] = useState(false)
  const termRef = useRef<HTMLInputElement>(null)
  const form = useCardForm(emptyCardForm, setMessages.addCardFailed, async (input) => {
    setStatus('')
    const card = await setsApi.addCard(setId, input)
    onAdded(card)
    form.reset()
    setStatus(card.term ? t('sets.addCard.added', { term: card.term }) : t('sets.addCard.addedNumber', { position: card.position }))
    termRef.current?.focus()
  })

  return (
    <section className={styles.panel} aria-labelledby="add-card-heading">
      <h3 id="add-card-heading" className={styles.heading}>
        {t('sets.addCard.title')}
      </h3>
      <Form className={styles.form} label={t('sets.addCard.label')} onSubmit={form.submit}>
        <div className={styles.fields}>
          <CardFormFields
            values={form.values}
            fields={form.fields}
            onChange={form.setValue}
            onUploading={setUploading}
            termRef={termRef}
            onCardDone={() => void form.submit()}
          />
        </div>
        <FormError message={form.error} />
        <div className={styles.footer}>
          <button type="submit" className="button" disabled={form.busy || uploading}>
            {form.busy ? t('sets.addCard.busy') : t('sets.addCard.submit')}
          </button>
          <p className="muted" role="status">
            {status}
          </p>
        </div>
      </Form>
    </section>
  )
}
