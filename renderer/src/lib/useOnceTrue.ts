import { useState } from 'react'

/** True from the first render where `active` is true, on (a lazy part loads when first needed and stays). */
export function useOnceTrue(active: boolean): boolean {
  const [once, setOnce] = useState(active)
  if (active && !once) setOnce(true)
  return once || active
}
