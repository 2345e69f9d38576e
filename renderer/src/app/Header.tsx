import { lazy, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { OptionalPart } from '@/components/OptionalPart'
import { logout, useAuth } from '@/features/auth/useAuth'
import { useTheme } from '@/features/theme/theme'
import { T, type Translate, useT, withTexts } from '@/lib/i18n'
import styles from './Header.module.css'
import { useNavFits } from './useNavFits'

// A signed-in student's badges: a visitor's landing page does not load them (its JavaScript budget).
const OfflineBadge = lazy(withTexts(() => import('@/features/offline').then((m) => ({ default: m.OfflineBadge }))))
const ReviewBadge = lazy(withTexts(() => import('@/features/review/NavBadge').then((m) => ({ default: m.NavBadge }))))

/** The badge beside a navigation link: the due count beside Review, the day's goal beside Progress. */
function NavBadge({ to }: { to: string }) {
  if (to !== '/review' && to !== '/progress') return null
  return (
    <OptionalPart>
      <ReviewBadge to={to} />
    </OptionalPart>
  )
}

interface NavItem {
  to: string
  label: string
}

/** The navigation bar's links (docs/content-rules.md, "The app shell"), for a visitor and for a signed-in user. */
function navItems(t: Translate, username: string | undefined): NavItem[] {
  if (username === undefined) {
    return [
      { to: '/public-sets', label: t('nav.publicSets') },
      { to: '/contact', label: t('nav.contact') },
      { to: '/login', label: t('nav.login') },
    ]
  }
  return [
    { to: '/', label: t('nav.home') },
    { to: '/my-sets', label: t('nav.mySets') },
    { to: '/review', label: t('nav.review') },
    { to: '/progress', label: t('nav.progress') },
    { to: '/classes', label: t('nav.classes') },
    { to: '/public-sets', label: t('nav.publicSets') },
    { to: '/contact', label: t('nav.contact') },
    { to: '/profile', label: t('nav.profile', { username }) },
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
  const t = useT()
  const items = navItems(t, username)
  const themeLabel = theme === 'dark' ? t('nav.lightMode') : t('nav.darkMode')

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
        <Link to={auth ? '/my-sets' : '/'} className={styles.brand} aria-label={t('nav.brand')}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Cardwise</span>
        </Link>

        {auth && (
          <OptionalPart>
            <OfflineBadge />
          </OptionalPart>
        )}

        {/* Kept (hidden) while the menu button shows: its natural width says when it fits again. */}
        <nav
          ref={navRef}
          className={navFits ? styles.desktopNav : `${styles.desktopNav} ${styles.measureOnly}`}
          aria-label={t('nav.main')}
          aria-hidden={!navFits}
        >
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) => [isActive ? styles.active : '', item.to === '/profile' ? styles.profile : ''].join(' ')}
              title={item.to === '/profile' ? item.label : undefined}
            >
              {item.label}
              <NavBadge to={item.to} />
            </NavLink>
          ))}
          {auth ? (
            <button type="button" className="button button-secondary" onClick={onLogout}>
              {t('nav.logout')}
            </button>
          ) : (
            <Link to="/register" className="button">
              {t('nav.register')}
            </Link>
          )}
          <button type="button" className={styles.themeButton} onClick={toggleTheme} aria-label={t('nav.switchTheme', { mode: themeLabel })} title={themeLabel}>
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
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
      </div>

      <div ref={menuRef} id="mobile-menu" className={`${styles.mobileMenu} ${menuOpen ? styles.mobileMenuOpen : ''}`} hidden={!menuOpen}>
        {username !== undefined && (
          <p className={styles.signedInAs}>
            <T id="nav.signedInAs" values={{ username }} components={{ 0: <strong /> }} />
          </p>
        )}
        <nav aria-label={t('nav.mobile')}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                  <NavBadge to={item.to} />
                </NavLink>
              </li>
            ))}
            {!auth && (
              <li>
                <NavLink to="/register">{t('nav.register')}</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <button type="button" role="switch" aria-checked={theme === 'dark'} className="button button-secondary button-block" onClick={toggleTheme}>
          {themeLabel}
        </button>
        {auth && (
          <button type="button" className="button button-block" onClick={onLogout}>
            {t('nav.logout')}
          </button>
        )}
      </div>
    </header>
  )
}
