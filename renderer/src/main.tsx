import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from 'react-router-dom'
import { i18n, readLocaleChoice, startI18n } from '@/lib/i18n'
import { watchConnectivity } from '@/lib/connectivity'
import { registerServiceWorker } from '@/lib/service-worker'
import { createRouter } from '@/app/router'
import '@/styles/global.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

watchConnectivity()

// The interface's language first (English is in this bundle; another language's catalog is one small chunk).
void startI18n(readLocaleChoice()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={createRouter()} />
      </I18nProvider>
    </StrictMode>,
  ),
)

// The PWA's service worker: production web build only (vite.config.ts sets VITE_PWA; the desktop
// build and the dev server have none).
if (import.meta.env.PROD && import.meta.env.VITE_PWA === 'true') registerServiceWorker()
