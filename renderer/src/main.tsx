import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { watchConnectivity } from '@/lib/connectivity'
import { registerServiceWorker } from '@/lib/service-worker'
import { createRouter } from '@/app/router'
import '@/styles/global.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

watchConnectivity()

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
)

// The PWA's service worker: production web build only (vite.config.ts sets VITE_PWA; the desktop
// build and the dev server have none).
if (import.meta.env.PROD && import.meta.env.VITE_PWA === 'true') registerServiceWorker()
