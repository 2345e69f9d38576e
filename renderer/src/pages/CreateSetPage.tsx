import { CreateSet } from '@/features/sets/CreateSet'

/** /study-sets/create: a new study set. */
export function CreateSetPage() {
  return <CreateSet />
}
