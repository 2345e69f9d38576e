import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

/** Goes to `to` after `ms` while `active` (the spec's 3 s redirects after a reset or email change). */
export function useRedirectAfter(active: boolean, to: string, ms: number, beforeLeave?: () => void): void {
  const navigate = useNavigate()
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => {
      beforeLeave?.()
      navigate(to)
    }, ms)
    return () => clearTimeout(timer)
  }, [active, to, ms, navigate, beforeLeave])
}
