import { PublicSets } from '@/features/sets/PublicSets'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'

/** /public-sets: every public set. */
export function PublicSetsPage() {
  const t = useT()
  useDocumentTitle(t('nav.publicSets'))
  return <PublicSets />
}
