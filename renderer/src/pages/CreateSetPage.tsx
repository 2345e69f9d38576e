import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { setMessages } from '../../../shared/messages'
import { SetFormFields } from '../features/sets/SetFormFields'
import { setsApi } from '../features/sets/sets-api'
import { useSetForm } from '../features/sets/useSetForm'
import { fieldErrorsOf } from '../lib/api'
import styles from './CreateSetPage.module.css'

/** react-router keeps the history index in history.state: 0 means this app has no page to go back to. */
function canGoBack(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx
  return typeof index === 'number' && index > 0
}

/** /study-sets/create: a new, private, empty set; then on to its page to add cards. */
export function CreateSetPage() {
  const navigate = useNavigate()
  const form = useSetForm()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const submit = async () => {
    setError('')
    const input = form.validate()
    if (!input) return
    setBusy(true)
    try {
      const set = await setsApi.create(input)
      navigate(`/study-sets/${encodeURIComponent(set.id)}`)
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      form.setFields(fields)
      if (Object.keys(fields).length === 0) setError(setMessages.createFailed)
      setBusy(false)
    }
  }

  const cancel = () => {
    if (canGoBack()) navigate(-1)
    else navigate('/my-sets')
  }

  return (
    <section className={styles.card} aria-labelledby="create-set-title">
      <h1 id="create-set-title" className={styles.title}>
        Create Study Set
      </h1>
      <p className="muted">Give your set a name; you can add flashcards on the next page.</p>
      <form
        className={styles.form}
        aria-label="Create study set"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <SetFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
        {error && (
          <p className="alert-error" role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Creating...' : 'Create Study Set'}
          </button>
        </div>
      </form>
    </section>
  )
}
