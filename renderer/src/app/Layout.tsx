import { Outlet } from 'react-router-dom'
import { SessionManager } from '@/features/auth/SessionManager'
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
export function Layout() {
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
      <SessionManager />
      <UpdatePrompt />
    </>
  )
}
