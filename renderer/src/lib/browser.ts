/*
 * The browser helpers every feature uses (one copy each): downloading a file and copying text.
 * They also work on the plain-HTTP address of "Share with my class": there the
 * page is not a secure context, so navigator.clipboard is missing and must not be relied on.
 */

/** Copies `text`: the Clipboard API where the browser offers it, else a selected hidden textarea. */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Refused (no permission, no focus): the old way below may still work.
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Let the browser start the download (a slow disk, a save dialog) before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
