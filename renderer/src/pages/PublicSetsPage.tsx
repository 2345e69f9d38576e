import { PublicSets } from '@/features/sets/PublicSets'

/** /public-sets: every public set. */
export function PublicSetsPage() {
  return <PublicSets />
}
