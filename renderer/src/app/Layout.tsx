import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet } from 'react-router-dom'
import { useAuth } from '@/features/auth'
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
// The session monitor and its modal matter only once someone has signed in: a visitor's landing
// page does not load them (its JavaScript budget), and once loaded they stay for the page's life.
const SessionManager = lazy(() => import('@/features/auth/SessionManager').then((m) => ({ default: m.SessionManager })))

function useSignedInOnce(): boolean {
  const signedIn = useAuth() !== null
  const [once, setOnce] = useState(signedIn)
  useEffect(() => {
    if (signedIn) setOnce(true)
  }, [signedIn])
  return once || signedIn
}

export function Layout() {
  const sessionNeeded = useSignedInOnce()
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
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
          <SessionManager />
        </Suspense>
      )}
      <UpdatePrompt />
    </>
  )
}
