import { useSyncExternalStore } from 'react'
import { PHONE_MAX_WIDTH } from '#shared/limits'

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches

/** True on phone-sized screens, where Match deals fewer cards (docs/study-rules.md: 6 on mobile). */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false)
}
