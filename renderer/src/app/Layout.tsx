import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { useAuth } from '@/features/auth'
import { useT, withTexts } from '@/lib/i18n'
import { useOnceTrue } from '@/lib/useOnceTrue'
import { AnnouncementBanner } from './AnnouncementBanner'
import { Footer } from './Footer'
import { Header } from './Header'
import styles from './Layout.module.css'
import { OfflineNotice } from './OfflineNotice'
import { UpdatePrompt } from './UpdatePrompt'

/**
 * The shell around every page: the beta banner, header, the offline notice, the page, footer, the
 * session-invalidated modal and the PWA's 'new version available' prompt.
 */
// The session monitor and its modal, and the signed-in student's settings (time zone, language),
// matter only once someone has signed in: a visitor's landing page does not load them (its
// JavaScript budget), and once loaded they stay for the page's life.
const SignedIn = lazy(withTexts(() => import('./SignedIn').then((m) => ({ default: m.SignedIn }))))

function useSignedInOnce(): boolean {
  return useOnceTrue(useAuth() !== null)
}

export function Layout() {
  const sessionNeeded = useSignedInOnce()
  const t = useT()
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AnnouncementBanner />
      <Header />
      <main id="main" className={styles.main}>
        <OfflineNotice />
        <Outlet />
      </main>
      <Footer />
      {sessionNeeded && (
        <Suspense fallback={null}>
          <SignedIn />
        </Suspense>
      )}
      <UpdatePrompt />
    </>
  )
}
