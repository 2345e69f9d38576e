import { useParams } from 'react-router-dom'
import { ConfirmEmailChange } from '@/features/profile/ConfirmEmailChange'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /confirm-email-change/:token: confirm a new email address. */
export function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm Email Change')
  const { token } = useParams()
  return <ConfirmEmailChange token={token} />
}
