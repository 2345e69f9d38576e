import { MEDIA_IMAGE_TYPES, type MediaUpload, type MediaImageType } from '#shared/api/media'
import { apiSendBytes } from '@/lib/api'
import { mediaMessages } from '#shared/messages'
import { MEDIA_LIMITS } from '#shared/limits'

/** The size a picture is scaled to so that its long side is at most `maxSide` (never up). */
export function scaledSize(width: number, height: number, maxSide: number = MEDIA_LIMITS.maxSide): { width: number; height: number } {
  const long = Math.max(width, height)
  if (long <= maxSide) return { width, height }
  const scale = maxSide / long
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export const isUploadType = (type: string): type is MediaImageType => (MEDIA_IMAGE_TYPES as readonly string[]).includes(type)

/** The first picture among dropped or pasted files, if any. */
export function firstImageFile(files: FileList | File[] | null | undefined): File | undefined {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/'))
}

/**
 * A large picture scaled down in the browser (canvas, long side 1600 px) before it is sent, so a
 * phone photo uploads in a moment; the server checks and re-encodes it anyway. PNG and GIF stay
 * lossless (PNG out), JPEG and WebP keep their type. A picture the browser cannot decode is sent
 * as it is: the server's answer then says what is wrong with it.
 */
export async function scaleDown(file: Blob & { type: MediaImageType }): Promise<{ body: Blob; type: MediaImageType }> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return { body: file, type: file.type }
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height)
    if (size.width === bitmap.width && size.height === bitmap.height) return { body: file, type: file.type }
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height)
    const type: MediaImageType = file.type === 'image/jpeg' || file.type === 'image/webp' ? file.type : 'image/png'
    const body = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9))
    return body ? { body, type: body.type === type ? type : 'image/png' } : { body: file, type: file.type }
  } finally {
    bitmap.close()
  }
}

/** Scales and uploads a picture; refusals come back as the server's ApiError (its message is for people). */
export async function uploadPicture(file: File): Promise<MediaUpload> {
  if (!isUploadType(file.type)) throw new Error(mediaMessages.notAnImage)
  const { body, type } = await scaleDown(file as File & { type: MediaImageType })
  return apiSendBytes('POST /api/media', body, type) as Promise<MediaUpload>
}
