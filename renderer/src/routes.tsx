import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { Layout } from './components/Layout'
import { RequireVerified } from './components/RequireVerified'
import { ConfirmEmailChangePage } from './pages/ConfirmEmailChangePage'
import { CreateSetPage } from './pages/CreateSetPage'
import { ContactPage } from './pages/ContactPage'
import { ForgotPasswordPage } from './pages/ForgotPasswordPage'
import { HomePage } from './pages/HomePage'
import { LoginPage } from './pages/LoginPage'
import { MySetsPage } from './pages/MySetsPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { PendingVerificationPage } from './pages/PendingVerificationPage'
import { PlaceholderPage } from './pages/PlaceholderPage'
import { PrivacyPolicyPage } from './pages/PrivacyPolicyPage'
import { ProfilePage } from './pages/ProfilePage'
import { PublicSetsPage } from './pages/PublicSetsPage'
import { RegisterPage } from './pages/RegisterPage'
import { ResetPasswordPage } from './pages/ResetPasswordPage'
import { SetDetailPage } from './pages/SetDetailPage'
import { TermsOfServicePage } from './pages/TermsOfServicePage'
import { VerifyEmailPage } from './pages/VerifyEmailPage'

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/pending-verification', element: <PendingVerificationPage /> },
      { path: '/verify-email/:token?', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token?', element: <ResetPasswordPage /> },
      { path: '/confirm-email-change/:token?', element: <ConfirmEmailChangePage /> },
      { path: '/public-sets', element: <PublicSetsPage /> },
      { path: '/study-sets/:id', element: <SetDetailPage /> },
      { path: '/study-sets/:id/learn', element: <PlaceholderPage title="Learn Mode" /> },
      { path: '/study-sets/:id/match', element: <PlaceholderPage title="Match Mode" /> },
      { path: '/study-sets/:id/write', element: <PlaceholderPage title="Write Mode" /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/dashboard', element: <Navigate to="/my-sets" replace /> },
      {
        element: <RequireVerified />,
        children: [
          { path: '/my-sets', element: <MySetsPage /> },
          { path: '/study-sets/create', element: <CreateSetPage /> },
          { path: '/profile', element: <ProfilePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
