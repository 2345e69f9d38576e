import { en as sharedEnglish } from '#shared/i18n/messages/en'
import app from '@/locales/en/app.json'
import common from '@/locales/en/common.json'
import legal from '@/locales/en/legal.json'
import { i18n } from './i18n'
import { provideSharedCatalog } from './shared-messages'

/**
 * Unit tests (vitest.config.ts) see every English text, and shared/messages.ts's tables, as the app
 * does once a page has loaded its catalogs.
 */
i18n.loadAndActivate({ locale: 'en', messages: { ...common, ...app, ...legal } })
provideSharedCatalog('en', sharedEnglish)
