import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

const SEARCH_DELAY_MS = 300

/**
 * The address's parameters as they are now. react-router hands a functional update (and a setter
 * kept by an effect or handler) the parameters of the last render, and on a busy device the render can lag behind the address: the search box's
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

  /** Changes the address's parameters, starting from the address as it is now. */
  const changeParams = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = currentParams()
      change(next)
      setParams(next, { replace: true })
    },
    [setParams],
  )

  // The address changed from outside (back button, a link): show its search text.
  useEffect(() => {
    setDraft((current) => (current.trim() === search ? current : search))
  }, [search])

  useEffect(() => {
    const wanted = draft.trim()
    if (wanted === search) return
    const timer = setTimeout(() => {
      changeParams((next) => {
        if (wanted) next.set('q', wanted)
        else next.delete('q')
      })
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, search, changeParams])

  const toggleTag = useCallback(
    (tag: string) =>
      changeParams((next) => {
        const selected = next.getAll('tag')
        next.delete('tag')
        const updated = selected.includes(tag) ? selected.filter((item) => item !== tag) : [...selected, tag]
        for (const item of updated) next.append('tag', item)
      }),
    [changeParams],
  )

  const clear = useCallback(() => {
    setDraft('')
    changeParams((next) => {
      next.delete('q')
      next.delete('tag')
    })
  }, [changeParams])

  return { draft, setDraft, search, tags, toggleTag, clear, active: search !== '' || tags.length > 0 }
}

export type SetFiltersState = ReturnType<typeof useSetFilters>
