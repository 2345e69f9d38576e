import type { ReactNode } from 'react'

/** Small line icons drawn inline (no icon font: the CSP allows only the app's own files). */
export interface IconProps {
  className?: string
}

/** The one line-icon frame: a 24-unit box drawn in the current text colour, hidden from screen readers. */
export function Svg({ className, size = 18, children }: IconProps & { size?: number; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}
