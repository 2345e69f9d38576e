import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { logout, useAuth } from '@/features/auth/useAuth'
import { OfflineBadge } from '@/features/offline'
import { DueCount } from '@/features/review/DueCount'
import { useTheme } from '@/features/theme/theme'
import styles from './Header.module.css'
import { useNavFits } from './useNavFits'

interface NavItem {
  to: string
  label: string
}

/** The navigation bar's links (docs/content-rules.md, "The app shell"), for a visitor and for a signed-in user. */
function navItems(username: string | undefined): NavItem[] {
  if (username === undefined) {
    return [
      { to: '/public-sets', label: 'Public Sets' },
      { to: '/contact', label: 'Contact Us' },
      { to: '/login', label: 'Login' },
    ]
  }
  return [
    { to: '/', label: 'Home' },
    { to: '/my-sets', label: 'My Sets' },
    { to: '/review', label: 'Review' },
    { to: '/progress', label: 'Progress' },
    { to: '/classes', label: 'Classes' },
    { to: '/public-sets', label: 'Public Sets' },
    { to: '/contact', label: 'Contact Us' },
    { to: '/profile', label: `Profile (${username})` },
  ]
}

export function Header() {
  const auth = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const { theme, toggleTheme } = useTheme()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const rowRef = useRef<HTMLDivElement>(null)
  const navRef = useRef<HTMLElement>(null)
  // The full navigation while it fits on the header's row, else the menu button.
  const navFits = useNavFits(rowRef, navRef)
  const username = auth?.user.username
  const items = navItems(username)
  const themeLabel = theme === 'dark' ? 'Light Mode' : 'Dark Mode'

  // The menu closes once the full navigation fits again...
  useEffect(() => {
    if (navFits) setMenuOpen(false)
  }, [navFits])

  // ...on every route change...
  useEffect(() => setMenuOpen(false), [location.pathname])

  // ...and on a click or tap outside it, or Escape.
  useEffect(() => {
    if (!menuOpen) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return
      setMenuOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      // Focus inside the menu would be lost when it hides: hand it back to the toggle.
      if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [menuOpen])

  const onLogout = async () => {
    await logout()
    navigate('/')
  }

  return (
    <header className={styles.header}>
      <div ref={rowRef} className={styles.inner}>
        <Link to={auth ? '/my-sets' : '/'} className={styles.brand} aria-label="Cardwise home">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Cardwise</span>
        </Link>

        {auth && <OfflineBadge />}

        {/* Kept (hidden) while the menu button shows: its natural width says when it fits again. */}
        <nav ref={navRef} className={navFits ? styles.desktopNav : `${styles.desktopNav} ${styles.measureOnly}`} aria-label="Main" aria-hidden={!navFits}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {item.label}
              {item.to === '/review' && <DueCount />}
            </NavLink>
          ))}
          {auth ? (
            <button type="button" className="button button-secondary" onClick={onLogout}>
              Logout
            </button>
          ) : (
            <Link to="/register" className="button">
              Register
            </Link>
          )}
          <button type="button" className={styles.themeButton} onClick={toggleTheme} aria-label={`Switch to ${themeLabel}`} title={themeLabel}>
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          data-menu-toggle=""
          className={navFits ? styles.menuButton : `${styles.menuButton} ${styles.menuButtonShown}`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
      </div>

      <div ref={menuRef} id="mobile-menu" className={`${styles.mobileMenu} ${menuOpen ? styles.mobileMenuOpen : ''}`} hidden={!menuOpen}>
        {username !== undefined && (
          <p className={styles.signedInAs}>
            Signed in as <strong>{username}</strong>
          </p>
        )}
        <nav aria-label="Mobile">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                  {item.to === '/review' && <DueCount />}
                </NavLink>
              </li>
            ))}
            {!auth && (
              <li>
                <NavLink to="/register">Register</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <button type="button" role="switch" aria-checked={theme === 'dark'} className="button button-secondary button-block" onClick={toggleTheme}>
          {themeLabel}
        </button>
        {auth && (
          <button type="button" className="button button-block" onClick={onLogout}>
            Logout
          </button>
        )}
      </div>
    </header>
  )
}
