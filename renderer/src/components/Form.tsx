import type { ReactNode } from 'react'

/**
 * Every form of the app: named for screen readers, no browser bubbles (the shared schemas give the
 * messages), and the submit handled in the page.
 */
export function Form({ label, onSubmit, className, children }: { label: string; onSubmit: () => void; className?: string; children: ReactNode }) {
  return (
    <form
      className={className}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}
