import type { ReactNode } from 'react'
import { Svg } from '@/components/Svg'

/** The line icons of the feature cards: decorative, drawn in the current text colour. */
export type FeatureIconName = 'cards' | 'modes' | 'transfer' | 'share' | 'moon' | 'phone'

const paths: Record<FeatureIconName, ReactNode> = {
  cards: (
    <>
      <rect x="3" y="7" width="14" height="13" rx="2" />
      <path d="M7 3.5h11a2.5 2.5 0 0 1 2.5 2.5v10" />
      <path d="M10 11v5M7.5 13.5h5" />
    </>
  ),
  modes: (
    <>
      <rect x="3" y="3" width="7.5" height="7.5" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5" />
      <rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5" />
      <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" />
    </>
  ),
  transfer: (
    <>
      <path d="M7 4v15M3 15l4 4 4-4" />
      <path d="M17 20V5M13 9l4-4 4 4" />
    </>
  ),
  share: (
    <>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </>
  ),
  moon: <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />,
  phone: (
    <>
      <rect x="6.5" y="2" width="11" height="20" rx="2.5" />
      <path d="M11 18h2" />
    </>
  ),
}

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return <Svg size={24}>{paths[name]}</Svg>
}
