import { Outlet } from 'react-router-dom'
import { SessionManager } from '../features/auth/SessionManager'
import { AnnouncementBanner } from './AnnouncementBanner'
import { Footer } from './Footer'
import { Header } from './Header'
import styles from './Layout.module.css'

/** The shell around every page: the beta banner, header, the page, footer, and the session-invalidated modal. */
export function Layout() {
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <AnnouncementBanner />
      <Header />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <SessionManager />
    </>
  )
}
