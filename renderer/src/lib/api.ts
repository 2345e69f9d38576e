import { type AnswerOf, type BodyOf, fillPath, type PathParams, type QueryOf, queryString } from '#shared/api/contract'
import type { ApiRoute, ApiRoutes } from '#shared/api/routes'
import type { ErrorBody, ErrorCode, FieldErrors } from '#shared/api/errors'
import { CONNECTIVITY } from '#shared/limits'
import { messages } from '#shared/messages'
import { currentToken } from './auth-token'
import { currentLocale, translateShared } from './i18n'
import { connectivity } from './connectivity'

/** An answer of 400 or above (spec: any status >= 400 is an error), with the contract's details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: FieldErrors = {},
    /** From a 429's Retry-After header, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Spec sections 8 and 9: a call refused for going too fast: a 429, the rate_limited code, or a message naming it. */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 429 || error.code === 'rate_limited' || error.message.includes(messages.rateLimited))
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof (value as ErrorBody).error?.message === 'string'
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/** The ApiError for a failed answer (status >= 400): the contract's body if it has one, else the default message. */
function errorFromAnswer(status: number, text: string, retryAfter: string | null): ApiError {
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  const seconds = parseRetryAfter(retryAfter)
  if (isErrorBody(data)) return new ApiError(status, data.error.code, data.error.message, data.error.fields, seconds)
  return new ApiError(status, status === 429 ? 'rate_limited' : 'internal', messages.defaultError, {}, seconds)
}

/** A request that never got an answer: says so plainly when the app knows it is offline. */
function networkError(): ApiError {
  return new ApiError(0, 'network', connectivity.isOffline() ? messages.offline : messages.defaultError)
}

/**
 * Every fetch of the client goes through here: an answer (any status) tells the connectivity
 * state that the server was reached; a network error, or no answer within the timeout, that it
 * was not. The caller's own abort stays an AbortError.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), CONNECTIVITY.requestTimeoutMs)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal
  try {
    const response = await fetch(`/api${path}`, { ...init, signal })
    connectivity.reportAnswer()
    return response
  } catch (error) {
    if (init.signal?.aborted) throw error
    connectivity.reportNetworkFailure()
    throw networkError()
  } finally {
    clearTimeout(timer)
  }
}

function authHeaders(token: string | null | undefined): Record<string, string> {
  const resolved = token === undefined ? currentToken() : token
  return resolved ? { Authorization: `Bearer ${resolved}` } : {}
}

export interface RequestOptions {
  body?: unknown
  /** Defaults to the signed-in user's token. */
  token?: string | null
  signal?: AbortSignal
  /** Further headers (a live game's player token). */
  headers?: Record<string, string>
}

/** The one way the renderer talks to the server: relative /api URLs, JSON in and out. */
async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), ...authHeaders(options.token), ...options.headers }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await send(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
  const text = await response.text()
  if (!response.ok) throw errorFromAnswer(response.status, text, response.headers.get('Retry-After'))
  try {
    return (text ? JSON.parse(text) : undefined) as T
  } catch {
    return undefined as T
  }
}

/** Upload progress: bytes sent so far and the total (0 when the browser cannot tell). */
export type UploadProgress = (loaded: number, total: number) => void

/**
 * A JSON call like `request` (or a FormData upload), sent with XMLHttpRequest so that the
 * upload's progress can be followed (fetch cannot report it). Same errors as `request`.
 */
function upload<T>(method: string, path: string, body: unknown, onProgress?: UploadProgress, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, `/api${path}`)
    xhr.setRequestHeader('Accept', 'application/json')
    // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
    const form = body instanceof FormData
    if (!form) xhr.setRequestHeader('Content-Type', 'application/json')
    for (const [name, value] of Object.entries(authHeaders(options.token))) xhr.setRequestHeader(name, value)
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0)
    }
    const onAbort = () => xhr.abort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => options.signal?.removeEventListener('abort', onAbort)
    xhr.onload = () => {
      done()
      connectivity.reportAnswer()
      const text = xhr.responseText
      if (xhr.status >= 400) {
        reject(errorFromAnswer(xhr.status, text, xhr.getResponseHeader('Retry-After')))
        return
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T)
      } catch {
        resolve(undefined as T)
      }
    }
    xhr.onerror = () => {
      done()
      connectivity.reportNetworkFailure()
      reject(networkError())
    }
    xhr.onabort = () => {
      done()
      reject(new DOMException('The upload was aborted.', 'AbortError'))
    }
    if (options.signal?.aborted) {
      xhr.abort()
      return
    }
    xhr.send(form ? body : JSON.stringify(body))
  })
}

/** A POST whose body is a file's bytes (not JSON), answered with JSON; same errors as `request`. */
async function sendBytes<T>(path: string, body: Blob, contentType: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': contentType, ...authHeaders(options.token) },
    body,
    signal: options.signal,
  })
  const text = await response.text()
  if (!response.ok) throw errorFromAnswer(response.status, text, response.headers.get('Retry-After'))
  return JSON.parse(text) as T
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)
  if (extended?.[1]) {
    const value = extended[1].trim().replace(/^"(.*)"$/, '$1')
    const encoded = value.replace(/^[\w-]+'[^']*'/, '')
    try {
      return decodeURIComponent(encoded)
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header)
  if (!plain) return undefined
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]?.trim()
}

/** A downloaded file: its bytes and the name the server gave it. */
export interface Download {
  blob: Blob
  fileName: string | undefined
}

/** A GET answered with a file (not JSON): the body as a Blob and the Content-Disposition name. */
async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Download> {
  const response = await send(path, { headers: { Accept: '*/*', ...authHeaders(options.token) }, signal: options.signal })
  if (!response.ok) throw errorFromAnswer(response.status, await response.text(), response.headers.get('Retry-After'))
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) }
}

/**
 * What a call of a route takes besides the options: its path parameters, its body and its query,
 * each as the route's contract (shared/api/contracts/) says, and only where it has them.
 */
export type CallArgs<R extends ApiRoute, C extends ApiRoutes[R] = ApiRoutes[R]> = (keyof PathParams<C['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<C['path']> }) &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query?: QueryOf<C> }) &
  Omit<RequestOptions, 'body'>

/** The arguments after the route's name: optional when the route needs none. */
type ArgsOf<R extends ApiRoute> = object extends CallArgs<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>]

/** A route's name as method and the path after /api, its parameters and query filled in. */
function target(route: ApiRoute, args: { params?: Record<string, string>; query?: object } = {}): { method: string; path: string } {
  const [method = 'GET', path = ''] = route.split(' ')
  return { method, path: `${fillPath(path, args.params).replace(/^\/api/, '')}${queryString(args.query as Record<string, string>)}` }
}

/**
 * Calls a route by its contract's name, `'METHOD /api/path'`: the parameters, body and query it
 * takes and the answer it resolves to are the contract's types, so a caller cannot pick another.
 *
 *   const set = await api('GET /api/sets/:id', { params: { id }, signal })
 */
export function api<R extends ApiRoute>(route: R, ...[args]: ArgsOf<R>): Promise<AnswerOf<ApiRoutes[R]>> {
  const { method, path } = target(route, args)
  return request(method, path, args ?? {})
}

/** A route answered with a file (not JSON): its bytes and the name the server gave it. */
export function apiDownload<R extends ApiRoute>(route: R, ...[args]: ArgsOf<R>): Promise<Download> {
  return download(target(route, args).path, args ?? {})
}

/** A route's JSON body (or a FormData upload) sent with upload progress; the answer as `api` types it. */
export function apiUpload<R extends ApiRoute>(
  route: R,
  args: CallArgs<R> | (Omit<CallArgs<R>, 'body'> & { body: FormData }),
  onProgress?: UploadProgress,
): Promise<AnswerOf<ApiRoutes[R]>> {
  const { method, path } = target(route, args)
  return upload(method, path, args.body, onProgress, args)
}

/** A route whose body is a file's bytes (not JSON), answered with JSON as `api` types it. */
export function apiSendBytes<R extends ApiRoute>(route: R, body: Blob, contentType: string, ...[args]: ArgsOf<R>): Promise<AnswerOf<ApiRoutes[R]>> {
  return sendBytes(target(route, args).path, body, contentType, args ?? {})
}

/** A request that never got an answer (offline, or the server out of reach). */
export function isNetworkFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'network'
}

/** A call that could not go out because the browser is offline (its message says the action needs a connection). */
export function isOfflineFailure(error: unknown): boolean {
  return isNetworkFailure(error) && error.message === messages.offline
}

/**
 * The message to show for a failed call: the server's (or the offline notice), else the given
 * fallback; a text of shared/messages.ts met in English (the offline notice, the default error) in
 * the interface's language, so a message built around it (`emailChangeFailed(...)`) is whole.
 */
export function errorMessage(error: unknown, fallback: string = messages.defaultError): string {
  const message = isOfflineFailure(error)
    ? messages.offline
    : error instanceof ApiError && error.code !== 'network' && error.code !== 'internal'
      ? error.message
      : fallback
  return translateShared(message, currentLocale())
}

export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fields : {}
}
