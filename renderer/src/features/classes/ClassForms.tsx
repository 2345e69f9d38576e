import { useNavigate } from 'react-router-dom'
import { CLASS_NAME_MAX } from '#shared/api/classes'
import { Field } from '@/components/Field'
import { Form } from '@/components/Form'
import { FormError } from '@/components/FormError'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { classesApi } from './classes-api'
import { clientClassSchemas } from './forms'
import styles from './Classes.module.css'

/** 'Create a class': the caller becomes its teacher and lands on the new class. */
export function CreateClassForm() {
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
      <h2 id="create-class-heading">Create a class</h2>
      <Form label="Create a class" onSubmit={() => void form.submit()} className={styles.form}>
        <Field
          label="Class name"
          name="name"
          maxLength={CLASS_NAME_MAX}
          value={form.values.name}
          onChange={(event) => form.setValue('name', event.target.value)}
          error={form.fields.name}
          required
        />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Creating...' : 'Create Class'}
        </button>
      </Form>
    </section>
  )
}

/** 'Join a class' with the code the teacher gave (any case, spaces or dashes allowed). */
export function JoinClassForm() {
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
      <h2 id="join-class-heading">Join a class</h2>
      <Form label="Join a class" onSubmit={() => void form.submit()} className={styles.form}>
        <Field
          label="Join code"
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
          {form.busy ? 'Joining...' : 'Join Class'}
        </button>
      </Form>
    </section>
  )
}
