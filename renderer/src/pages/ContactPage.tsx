import { ContactForm } from '@/features/contact/ContactForm'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /contact: the contact form. */
export function ContactPage() {
  const t = useT()
  useDocumentTitle(t('nav.contact'))
  return <ContactForm />
}
