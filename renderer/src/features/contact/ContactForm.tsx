import { useState } from 'react'
import { CONTACT_NOTICE_MS, type ContactInput, contactMessages, createContactSchema } from '@shared/api/contact'
import type { FieldErrors } from '@shared/api/errors'
import { fieldErrors } from '@shared/api/validation'
import { messages } from '@shared/messages'
import { Field, TextAreaField } from '@/components/Field'
import { useAuth } from '@/features/auth'
import { contactApi } from './contact-api'
import { ApiError, errorMessage, fieldErrorsOf } from '@/lib/api'
import { useFlash } from '@/lib/useFlash'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import styles from './ContactForm.module.css'
import { FormError } from '@/components/FormError'

/** The browser repeats the server's checks only to answer faster; the server strips the markup. */
const contactSchema = createContactSchema((text) => text)

const emptyForm = { name: '', email: '', subject: '', message: '', website: '' }

/** Spec section 8: a 429, the rate_limited code, or a message naming it. */
function isRateLimited(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    (failure.status === 429 || failure.code === 'rate_limited' || failure.message.includes(messages.rateLimited))
  )
}

export function ContactForm() {
  const auth = useAuth()
  const [form, setForm] = useState(emptyForm)
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')
  const [sent, flashSent] = useFlash(CONTACT_NOTICE_MS)
  const [rateLimited, flashRateLimited] = useFlash(CONTACT_NOTICE_MS)

  // A signed-in user writes as their account: the field shows its email and cannot be changed.
  const accountEmail = auth?.user.email
  const update = (name: keyof typeof emptyForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }))

  const submit = async () => {
    setError('')
    flashSent('')
    flashRateLimited('')
    const input: ContactInput = { ...form, email: accountEmail ?? form.email }
    const checked = contactSchema.safeParse(input)
    if (!checked.success) {
      setFields(fieldErrors(checked.error))
      return
    }
    setFields({})
    setBusy(true)
    try {
      // A filled honeypot goes too: the server answers it like any other and drops it.
      await contactApi.submit(checked.data)
      setForm(emptyForm)
      flashSent(contactMessages.sent)
    } catch (failure) {
      if (isRateLimited(failure)) {
        flashRateLimited(contactMessages.rateLimited)
        return
      }
      const serverFields = fieldErrorsOf(failure)
      setFields(serverFields)
      if (Object.keys(serverFields).length === 0) setError(errorMessage(failure, contactMessages.failed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Contact Us" wide>
      <p className={`muted ${styles.centered}`}>Have a question or feedback? We'd love to hear from you!</p>
      <AuthForm label="Contact form" onSubmit={() => void submit()}>
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={update('name')}
          error={fields.name}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={accountEmail ?? form.email}
          onChange={update('email')}
          readOnly={accountEmail !== undefined}
          error={fields.email}
          required
        />
        <Field
          label="Subject"
          name="subject"
          value={form.subject}
          onChange={update('subject')}
          error={fields.subject}
          required
        />
        <TextAreaField
          label="Message"
          name="message"
          rows={6}
          value={form.message}
          onChange={update('message')}
          error={fields.message}
          required
        />
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">Website</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={form.website}
            onChange={update('website')}
          />
        </div>
        {sent && (
          <p className="alert-success" role="status">
            {sent}
          </p>
        )}
        <FormError message={rateLimited} />
        <FormError message={error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Sending...' : 'Send Message'}
        </button>
      </AuthForm>
      <p className={`muted ${styles.centered}`}>We typically respond within 1-2 business days.</p>
    </AuthCard>
  )
}
