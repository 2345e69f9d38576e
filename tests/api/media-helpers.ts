import { expect } from 'vitest'
import type { MediaUpload } from '#shared/api/media'
import type { Account, ApiResponse, TestApp } from '#tests/support/test-app'

/**
 * Sends a raw body to POST /api/media (the harness's `api` sends JSON). Content-Type defaults to
 * image/png; `null` sends none.
 */
export async function sendUpload(app: TestApp, bytes: Uint8Array, options: { token?: string; type?: string | null } = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {}
  if (options.type !== null) headers['Content-Type'] = options.type ?? 'image/png'
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  const response = await fetch(`${app.url}/api/media`, { method: 'POST', headers, body: new Uint8Array(bytes) as Uint8Array<ArrayBuffer> })
  const text = await response.text()
  const body = response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text
  return { status: response.status, headers: response.headers, text, body }
}

/** Uploads a picture that must be accepted, and returns the answer. */
export async function upload(app: TestApp, owner: Account, bytes: Uint8Array, type = 'image/png'): Promise<MediaUpload> {
  const response = await sendUpload(app, bytes, { token: owner.token, type })
  expect(response.status, response.text).toBe(201)
  return response.body
}

export interface MediaResponse {
  status: number
  headers: Headers
  bytes: Buffer
}

/** GET /api/media/:id with a bearer token, a cookie, or neither. */
export async function fetchMedia(
  app: TestApp,
  id: string,
  options: { token?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<MediaResponse> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.cookie) headers.Cookie = `cardwise_token=${options.cookie}`
  const response = await fetch(`${app.url}/api/media/${id}`, { headers })
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
}

export async function mediaCount(app: TestApp, ownerId?: string): Promise<number> {
  let query = app.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n'))
  if (ownerId) query = query.where('owner_id', '=', ownerId)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

export async function mediaExists(app: TestApp, id: string): Promise<boolean> {
  return (await app.db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}
