import { useNavigate } from 'react-router-dom'
import { setMessages } from '#shared/messages'
import { EntityForm } from './EntityForm'
import { SetFormFields } from './SetFormFields'
import { setsApi } from './sets-api'
import { emptySetForm, useSetForm } from './useSetForm'
import styles from './CreateSet.module.css'

/** react-router keeps the history index in history.state: 0 means this app has no page to go back to. */
function canGoBack(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx
  return typeof index === 'number' && index > 0
}

/** /study-sets/create: a new, private, empty set; then on to its page to add cards. */
export function CreateSet() {
  const navigate = useNavigate()
  const form = useSetForm(emptySetForm, setMessages.createFailed, async (input) => {
    const set = await setsApi.create(input)
    navigate(`/study-sets/${encodeURIComponent(set.id)}`)
  })

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
      <EntityForm
        label="Create study set"
        onSubmit={form.submit}
        error={form.error}
        busy={form.busy}
        submitLabel="Create Study Set"
        busyLabel="Creating..."
        onCancel={cancel}
      >
        <SetFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
      </EntityForm>
    </section>
  )
}
