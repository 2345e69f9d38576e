import { type ContactInput, createContactSchema } from '#shared/api/contact'
import { CONTACT_NOTICE_MS } from '#shared/limits'
import { Field, TextAreaField } from '@/components/Field'
import { useAuth } from '@/features/auth'
import { contactApi } from './contact-api'
import { isRateLimited } from '@/lib/api'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { useFlash } from '@/lib/useFlash'
import { AuthCard, AuthForm } from '@/components/AuthCard'
import styles from './ContactForm.module.css'
import { FormError } from '@/components/FormError'
import { useShared, useT } from '@/lib/i18n'

/** The browser repeats the server's checks only to answer faster; the server strips the markup. */
const contactSchema = createContactSchema((text) => text)

const emptyForm = { name: '', email: '', subject: '', message: '', website: '' }

export function ContactForm() {
  const t = useT()
  const contactMessages = useShared('contactMessages')
  const auth = useAuth()
  const [sent, flashSent] = useFlash(CONTACT_NOTICE_MS)
  const [rateLimited, flashRateLimited] = useFlash(CONTACT_NOTICE_MS)

  // A signed-in user writes as their account: the field shows its email and cannot be changed.
  const accountEmail = auth?.user.email
  const contact = useSchemaForm({
    schema: contactSchema,
    initial: emptyForm,
    before: () => {
      flashSent('')
      flashRateLimited('')
      return true
    },
    input: (values): ContactInput => ({ ...values, email: accountEmail ?? values.email }),
    send: async (input) => {
      // A filled honeypot goes too: the server answers it like any other and drops it.
      await contactApi.submit(input)
      contact.reset()
      flashSent(contactMessages.sent)
    },
    onFailure: (failure) => {
      if (isRateLimited(failure)) flashRateLimited(contactMessages.rateLimited)
      else contact.showFailure(failure)
    },
    failureMessage: contactMessages.failed,
  })
  const { values: form, fields, busy } = contact
  const update = (name: keyof typeof emptyForm) => (event: { target: { value: string } }) => contact.setValue(name, event.target.value)

  return (
    <AuthCard title={t('nav.contact')} wide>
      <p className={`muted ${styles.centered}`}>{t('contact.intro')}</p>
      <AuthForm label={t('contact.label')} onSubmit={contact.submit}>
        <Field label={t('contact.name')} name="name" autoComplete="name" value={form.name} onChange={update('name')} error={fields.name} required />
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={accountEmail ?? form.email}
          onChange={update('email')}
          readOnly={accountEmail !== undefined}
          error={fields.email}
          required
        />
        <Field label={t('contact.subject')} name="subject" value={form.subject} onChange={update('subject')} error={fields.subject} required />
        <TextAreaField label={t('contact.message')} name="message" rows={6} value={form.message} onChange={update('message')} error={fields.message} required />
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{t('contact.website')}</label>
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
        <FormError message={contact.error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.sending') : t('contact.send')}
        </button>
      </AuthForm>
      <p className={`muted ${styles.centered}`}>{t('contact.response')}</p>
    </AuthCard>
  )
}
