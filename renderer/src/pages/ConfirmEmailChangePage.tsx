import { useParams } from 'react-router-dom'
import { ConfirmEmailChange } from '@/features/profile/ConfirmEmailChange'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /confirm-email-change/:token: confirm a new email address. */
export function ConfirmEmailChangePage() {
  const t = useT()
  useDocumentTitle(t('profile.confirmEmail.title'))
  const { token } = useParams()
  return <ConfirmEmailChange token={token} />
}
