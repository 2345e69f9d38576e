import { useParams } from 'react-router-dom'
import { JoinClass } from '@/features/classes/JoinClass'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /classes/join/:code: the join link a teacher shares. */
export function JoinClassPage() {
  const t = useT()
  useDocumentTitle(t('classes.join.title'))
  const { code = '' } = useParams()
  return <JoinClass key={code} code={code} />
}
