import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { Layout } from './Layout'
import { RequireVerified } from './RequireVerified'
import { RouteError } from './RouteError'
import { type Namespace, useT, withTexts } from '@/lib/i18n'
import { HomePage } from '@/pages/HomePage'

/**
 * Shown in the page area while a page's code loads on the first visit to it (the header and
 * footer stay). Later navigations keep the current page until the next one is ready.
 */
function PageLoading() {
  const t = useT()
  return (
    <p className="muted" role="status" aria-live="polite">
      {t('shell.loading')}
    </p>
  )
}

/**
 * The route table. The landing page is bundled with the shell (it is the most
 * visited first page); every other page is its own chunk, loaded when a route first needs it.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        HydrateFallback: PageLoading,
        // A page that cannot load or fails shows the app's error page inside the shell.
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/register', lazy: () => import('@/pages/RegisterPage').then((m) => ({ Component: m.RegisterPage })) },
          { path: '/login', lazy: () => import('@/pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
          { path: '/contact', lazy: () => import('@/pages/ContactPage').then((m) => ({ Component: m.ContactPage })) },
          {
            path: '/pending-verification',
            lazy: () => import('@/pages/PendingVerificationPage').then((m) => ({ Component: m.PendingVerificationPage })),
          },
          {
            path: '/verify-email/:token?',
            lazy: () => import('@/pages/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: '/forgot-password',
            lazy: () => import('@/pages/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: '/reset-password/:token?',
            lazy: () => import('@/pages/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: '/confirm-email-change/:token?',
            lazy: () => import('@/pages/ConfirmEmailChangePage').then((m) => ({ Component: m.ConfirmEmailChangePage })),
          },
          {
            path: '/reminders/unsubscribe',
            lazy: () => import('@/pages/UnsubscribeRemindersPage').then((m) => ({ Component: m.UnsubscribeRemindersPage })),
          },
          { path: '/public-sets', lazy: () => import('@/pages/PublicSetsPage').then((m) => ({ Component: m.PublicSetsPage })) },
          { path: '/play', lazy: () => import('@/pages/PlayPage').then((m) => ({ Component: m.PlayPage })) },
          { path: '/play/:code', lazy: () => import('@/pages/PlayPage').then((m) => ({ Component: m.PlayPage })) },
          { path: '/study-sets/:id', lazy: () => import('@/pages/SetDetailPage').then((m) => ({ Component: m.SetDetailPage })) },
          { path: '/study-sets/:id/learn', lazy: () => import('@/pages/LearnPage').then((m) => ({ Component: m.LearnPage })) },
          { path: '/study-sets/:id/test', lazy: () => import('@/pages/TestPage').then((m) => ({ Component: m.TestPage })) },
          { path: '/study-sets/:id/match', lazy: () => import('@/pages/MatchPage').then((m) => ({ Component: m.MatchPage })) },
          { path: '/study-sets/:id/write', lazy: () => import('@/pages/WritePage').then((m) => ({ Component: m.WritePage })) },
          {
            path: '/privacy-policy',
            lazy: () => import('@/pages/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
          },
          {
            path: '/terms-of-service',
            lazy: () => import('@/pages/TermsOfServicePage').then((m) => ({ Component: m.TermsOfServicePage })),
          },
          { path: '/dashboard', element: <Navigate to="/my-sets" replace /> },
          // The short addresses people type for the legal pages.
          { path: '/privacy', element: <Navigate to="/privacy-policy" replace /> },
          { path: '/terms', element: <Navigate to="/terms-of-service" replace /> },
          {
            element: <RequireVerified />,
            children: [
              { path: '/my-sets', lazy: () => import('@/pages/MySetsPage').then((m) => ({ Component: m.MySetsPage })) },
              { path: '/folders/:id', lazy: () => import('@/pages/FolderPage').then((m) => ({ Component: m.FolderPage })) },
              {
                path: '/study-sets/create',
                lazy: () => import('@/pages/CreateSetPage').then((m) => ({ Component: m.CreateSetPage })),
              },
              { path: '/profile', lazy: () => import('@/pages/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
              { path: '/review', lazy: () => import('@/pages/ReviewPage').then((m) => ({ Component: m.ReviewPage })) },
              { path: '/progress', lazy: () => import('@/pages/ProgressPage').then((m) => ({ Component: m.ProgressPage })) },
              { path: '/classes', lazy: () => import('@/pages/ClassesPage').then((m) => ({ Component: m.ClassesPage })) },
              { path: '/classes/:id', lazy: () => import('@/pages/ClassDetailPage').then((m) => ({ Component: m.ClassDetailPage })) },
              { path: '/classes/join/:code', lazy: () => import('@/pages/JoinClassPage').then((m) => ({ Component: m.JoinClassPage })) },
              { path: '/games/new', lazy: () => import('@/pages/NewGamePage').then((m) => ({ Component: m.NewGamePage })) },
              { path: '/games/:id/host', lazy: () => import('@/pages/GameHostPage').then((m) => ({ Component: m.GameHostPage })) },
            ],
          },
          { path: '*', lazy: () => import('@/pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]

/** The catalog a lazy page's texts are in (lib/i18n): the legal pages' own, else the app's. */
function namespaceOf(path: string | undefined): Namespace {
  return path === '/privacy-policy' || path === '/terms-of-service' ? 'legal' : 'app'
}

/** Each lazy page loads its texts in the current language alongside its code. */
function withCatalogs(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children } = route
    const page = typeof lazy === 'function' ? { lazy: withTexts(lazy, namespaceOf(route.path)) } : {}
    return { ...route, ...page, ...(children ? { children: withCatalogs(children) } : {}) } as RouteObject
  })
}

export function createRouter() {
  return createBrowserRouter(withCatalogs(routes))
}
