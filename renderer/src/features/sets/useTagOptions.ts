import { useCallback, useEffect, useState } from 'react'
import { setsApi, type TagScope } from './sets-api'

/** The tags to filter by. A failure leaves the list empty without a word (docs/content-rules.md). */
export function useTagOptions(scope: TagScope) {
  const [tags, setTags] = useState<string[]>([])
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setsApi.tags(scope, controller.signal).then(
      (answer) => setTags(answer.tags),
      () => undefined,
    )
    return () => controller.abort()
  }, [scope, version])

  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return { tags, reload }
}
