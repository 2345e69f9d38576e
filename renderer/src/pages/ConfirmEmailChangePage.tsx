import { useParams } from 'react-router-dom'
import { ConfirmEmailChange } from '@/features/profile/ConfirmEmailChange'

/** /confirm-email-change/:token: confirm a new email address. */
export function ConfirmEmailChangePage() {
  const { token } = useParams()
  return <ConfirmEmailChange token={token} />
}
