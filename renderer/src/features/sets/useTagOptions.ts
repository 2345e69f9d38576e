import { useServerData } from '@/lib/server-data'
import { setsApi, type TagScope } from './sets-api'

const NO_TAGS: string[] = []

/** The tags to filter by. A failure leaves the list empty without a word (docs/content-rules.md). */
export function useTagOptions(scope: TagScope) {
  const loaded = useServerData(`tags:${scope}`, (signal) => setsApi.tags(scope, signal))
  return { tags: loaded.state === 'ready' ? loaded.data.tags : NO_TAGS, reload: loaded.reload }
}
