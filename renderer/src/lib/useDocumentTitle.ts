import { useEffect } from 'react'

/** 'Learn · Planets · Cardwise': the parts given (blank ones left out), then the app's name. */
export function documentTitle(...parts: Array<string | undefined>): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), 'Cardwise'].join(' · ')
}

/** Each page names itself in the browser's tab and history (docs/content-rules.md: the app shell). */
export function useDocumentTitle(...parts: Array<string | undefined>): void {
  const title = documentTitle(...parts)
  useEffect(() => {
    document.title = title
  }, [title])
}
