import { useState } from 'react'
import { ANNOUNCEMENT_STORAGE_KEY, ANNOUNCEMENT_VERSION, dismissalRecord, isBannerHidden } from '@/features/announcement/announcement'
import { useT } from '@/lib/i18n'
import styles from './AnnouncementBanner.module.css'

function readDismissal(): string | null {
  try {
    return localStorage.getItem(ANNOUNCEMENT_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The early-beta notice above the header, until dismissed (for 7 days, per version). */
export function AnnouncementBanner() {
  // Read while rendering, so a dismissed banner never flashes in on load.
  const t = useT()
  const [hidden, setHidden] = useState(() => isBannerHidden(readDismissal(), Date.now(), ANNOUNCEMENT_VERSION))
  if (hidden) return null

  const dismiss = () => {
    try {
      localStorage.setItem(ANNOUNCEMENT_STORAGE_KEY, dismissalRecord(Date.now(), ANNOUNCEMENT_VERSION))
    } catch {
      // Storage refused (private browsing): the banner still goes away for this visit.
    }
    setHidden(true)
  }

  return (
    <div className={styles.banner} role="region" aria-label={t('banner.label')}>
      <p className={styles.text}>
        <span className={styles.badge}>{t('banner.beta')}</span>
        {t('banner.text')}
      </p>
      <button type="button" className={styles.dismiss} aria-label={t('banner.dismiss')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
