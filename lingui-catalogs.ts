import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/**
 * The interface's catalogs (renderer/src/locales/<language>/<namespace>.json, ICU messages) are
 * compiled by the build, as Lingui's own Vite plugin does: each message becomes Lingui's compact
 * form, so the app ships no message parser (`@lingui/core` needs one only for uncompiled text).
 * The output is still JSON, which Vite's JSON plugin then turns into a module.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'cardwise:lingui-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]renderer[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(id)) return null
      const messages = JSON.parse(code) as Record<string, string>
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]))
      return { code: JSON.stringify(compiled), map: null }
    },
  }
}
