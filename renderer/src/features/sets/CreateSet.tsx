import { useNavigate } from 'react-router-dom'
import { setMessages } from '#shared/messages'
import { useT } from '@/lib/i18n'
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
  const t = useT()
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
        {t('sets.create.title')}
      </h1>
      <p className="muted">{t('sets.create.intro')}</p>
      <EntityForm
        label={t('sets.create.label')}
        onSubmit={form.submit}
        error={form.error}
        busy={form.busy}
        submitLabel={t('sets.create.title')}
        busyLabel={t('sets.create.busy')}
        onCancel={cancel}
      >
        <SetFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
      </EntityForm>
    </section>
  )
}
