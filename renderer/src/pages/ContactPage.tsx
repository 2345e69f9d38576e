import { ContactForm } from '@/features/contact/ContactForm'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /contact: the contact form. */
export function ContactPage() {
  useDocumentTitle('Contact Us')
  return <ContactForm />
}
