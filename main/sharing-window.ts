import QRCode from 'qrcode'
import type { BrowserWindowConstructorOptions } from 'electron'
import { type Locale, textDirection } from '#shared/i18n/locales'
import { type DesktopMessages, desktopCatalogs } from './i18n/messages'

/** Escapes text for HTML (the address is an IP and a port, but nothing goes in unescaped). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The QR code of the shared address, as a PNG data URL (students scan it with a phone's camera). */
export function qrCodeDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 480 })
}

/**
 * The small page shown while sharing: the address to open, its QR code and the usual advice. A
 * data: URL with no script at all and a CSP that allows only its inline style and the QR image.
 */
export async function sharingPageUrl(url: string, locale: Locale = 'en'): Promise<string> {
  const qr = await qrCodeDataUrl(url)
  const address = escapeHtml(url)
  const texts = desktopCatalogs[locale]
  const html = `<!doctype html>
<html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(texts.sharingTitle)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #111318; color: #e8eaf0; text-align: center; margin: 24px; }
h1 { font-size: 18px; font-weight: 600; margin: 0 0 8px; }
.address { font-size: 24px; font-weight: 700; margin: 0 0 16px; user-select: all; word-break: break-all; }
img { background: #fff; padding: 12px; border-radius: 8px; width: 240px; height: 240px; }
p { color: #b6bac6; font-size: 14px; line-height: 1.4; }
</style></head>
<body>
<h1>${escapeHtml(texts.pageHeading)}</h1>
<p class="address">${address}</p>
<img alt="${escapeHtml(texts.qrAlt(url))}" src="${qr}">
<p>${escapeHtml(texts.pageHow)}</p>
<p>${escapeHtml(texts.pageAdvice)}</p>
</body></html>`
  return `data:text/html;charset=utf-8;base64,${Buffer.from(html).toString('base64')}`
}

/** The sharing window: small, no script, no preload, nothing to navigate to. */
export function sharingWindowOptions(texts: DesktopMessages = desktopCatalogs.en): BrowserWindowConstructorOptions {
  return {
    width: 420,
    height: 600,
    resizable: false,
    minimizable: false,
    title: texts.sharingTitle,
    backgroundColor: '#111318',
    autoHideMenuBar: true,
    webPreferences: {
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      navigateOnDragDrop: false,
    },
  }
}
