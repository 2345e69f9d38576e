/** The banner's version (docs/content-rules.md; its text is `banner.text` in the catalogs). A new version shows the banner again to everyone. */
export const ANNOUNCEMENT_VERSION = '1.0'

/** The one local-storage key of the banner: JSON `{ version, at }`, `at` in ms since the epoch. */
export const ANNOUNCEMENT_STORAGE_KEY = 'announcement_dismissed'

/** How long a dismissal lasts (docs/content-rules.md: "less than 7 days ago"). */
export const DISMISSAL_DURATION_MS = 7 * 24 * 60 * 60 * 1000

export interface AnnouncementDismissal {
  version: string
  at: number
}

/** Checked by hand, not with zod: this runs in the shell of every page, where zod would be too heavy to load. */
function isDismissal(value: unknown): value is AnnouncementDismissal {
  if (typeof value !== 'object' || value === null) return false
  const { version, at } = value as Record<string, unknown>
  return typeof version === 'string' && typeof at === 'number' && Number.isFinite(at)
}

/**
 * Whether the banner stays hidden: only when the stored dismissal is for this version and was made
 * less than 7 days before `now`. Anything unreadable, and a dismissal dated in the future (a clock
 * moved back), shows the banner: showing it once too often is harmless, hiding it for good is not.
 */
export function isBannerHidden(stored: string | null, now: number, version: string): boolean {
  if (stored === null) return false
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return false
  }
  if (!isDismissal(parsed) || parsed.version !== version) return false
  const elapsed = now - parsed.at
  return elapsed >= 0 && elapsed < DISMISSAL_DURATION_MS
}

/** The value stored when the banner is dismissed at `now`. */
export function dismissalRecord(now: number, version: string): string {
  const record: AnnouncementDismissal = { version, at: now }
  return JSON.stringify(record)
}
