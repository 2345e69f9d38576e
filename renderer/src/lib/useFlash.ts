import { useCallback, useEffect, useRef, useState } from 'react'

/** A message that disappears by itself after `ms` (the spec's 3 s tooltip and 5 s notices). */
export function useFlash(ms: number): [string, (message: string) => void] {
  const [message, setMessage] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const flash = useCallback(
    (next: string) => {
      clearTimeout(timer.current)
      setMessage(next)
      timer.current = setTimeout(() => setMessage(''), ms)
    },
    [ms],
  )
  return [message, flash]
}
