import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

const SEARCH_DELAY_MS = 300

/**
 * The address's parameters as they are now. react-router hands a functional update the parameters
 * of the last render, and on a busy device the render can lag behind the address: the search box's
 * delayed write then put back the tags Clear Filters had just removed. Each change starts from the
 * address itself instead.
 */
const currentParams = () => new URLSearchParams(window.location.search)

/**
 * The search text and selected tags of a set list, kept in the address (`?q=...&tag=A&tag=B`) so
 * a reload, a shared link or the back button keeps them. Typing is applied after a short pause.
 */
export function useSetFilters() {
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const tagParams = params.getAll('tag')
  const tagsKey = tagParams.join('\n')
  // One array per distinct selection, so effects depending on it run only when it changes.
  const tags = useMemo(() => (tagsKey ? tagsKey.split('\n') : []), [tagsKey])
  const [draft, setDraft] = useState(search)

  // The address changed from outside (back button, a link): show its search text.
  useEffect(() => {
    setDraft((current) => (current.trim() === search ? current : search))
  }, [search])

  useEffect(() => {
    const wanted = draft.trim()
    if (wanted === search) return
    const timer = setTimeout(() => {
      setParams(
        () => {
          const next = currentParams()
          if (wanted) next.set('q', wanted)
          else next.delete('q')
          return next
        },
        { replace: true },
      )
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, search, setParams])

  const toggleTag = useCallback(
    (tag: string) => {
      setParams(
        () => {
          const next = currentParams()
          const selected = next.getAll('tag')
          next.delete('tag')
          const updated = selected.includes(tag) ? selected.filter((item) => item !== tag) : [...selected, tag]
          for (const item of updated) next.append('tag', item)
          return next
        },
        { replace: true },
      )
    },
    [setParams],
  )

  const clear = useCallback(() => {
    setDraft('')
    setParams(
      () => {
        const next = currentParams()
        next.delete('q')
        next.delete('tag')
        return next
      },
      { replace: true },
    )
  }, [setParams])

  return { draft, setDraft, search, tags, toggleTag, clear, active: search !== '' || tags.length > 0 }
}

export type SetFiltersState = ReturnType<typeof useSetFilters>
