import { useNavigate } from 'react-router-dom'
import { Field } from '@/components/Field'
import { Form } from '@/components/Form'
import { FormError } from '@/components/FormError'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { classesApi } from './classes-api'
import { clientClassSchemas } from './forms'
import styles from './Classes.module.css'
import { useT } from '@/lib/i18n'
import { CLASS_NAME_MAX } from '#shared/limits'

/** 'Create a class': the caller becomes its teacher and lands on the new class. */
export function CreateClassForm() {
  const t = useT()
  const navigate = useNavigate()
  const form = useSchemaForm({
    schema: clientClassSchemas.createClass,
    initial: { name: '' },
    send: async (input) => {
      const created = await classesApi.create(input)
      navigate(`/classes/${created.id}`)
    },
  })
  return (
    <section className={styles.panel} aria-labelledby="create-class-heading">
      <h2 id="create-class-heading">{t('classes.create.title')}</h2>
      <Form label={t('classes.create.title')} onSubmit={() => void form.submit()} className={styles.form}>
        <Field
          label={t('classes.name')}
          name="name"
          maxLength={CLASS_NAME_MAX}
          value={form.values.name}
          onChange={(event) => form.setValue('name', event.target.value)}
          error={form.fields.name}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('classes.create.busy') : t('classes.create.submit')}
        </button>
      </Form>
    </section>
  )
}

/** 'Join a class' with the code the teacher gave (any case, spaces or dashes allowed). */
export function JoinClassForm() {
  const t = useT()
  const navigate = useNavigate()
  const form = useSchemaForm({
    schema: clientClassSchemas.joinClass,
    initial: { code: '' },
    send: async (input) => {
      const joined = await classesApi.join(input)
      navigate(`/classes/${joined.id}`)
    },
  })
  return (
    <section className={styles.panel} aria-labelledby="join-class-heading">
      <h2 id="join-class-heading">{t('classes.join.title')}</h2>
      <Form label={t('classes.join.title')} onSubmit={() => void form.submit()} className={styles.form}>
        <Field
          label={t('classes.joinCode')}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.values.code}
          onChange={(event) => form.setValue('code', event.target.value)}
          error={form.fields.code}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('classes.join.busy') : t('classes.join.submit')}
        </button>
      </Form>
    </section>
  )
}
