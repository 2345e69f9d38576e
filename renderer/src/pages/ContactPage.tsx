import { ContactForm } from '@/features/contact/ContactForm'

/** /contact: the contact form. */
export function ContactPage() {
  return <ContactForm />
}
