import { MySets } from '@/features/sets/MySets'

/** /my-sets: the signed-in user's sets. */
export function MySetsPage() {
  return <MySets />
}
