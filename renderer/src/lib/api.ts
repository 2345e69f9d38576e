import type { ErrorBody, ErrorCode, FieldErrors } from '../../../shared/api/errors'
import { messages } from '../../../shared/messages'
import { authStore } from '../features/auth/auth-store'

/** An answer of 400 or above (spec: any status >= 400 is an error), with the contract's details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof (value as ErrorBody).error?.message === 'string'
}

export interface RequestOptions {
  body?: unknown
  /** Defaults to the signed-in user's token. */
  token?: string | null
  signal?: AbortSignal
}

/** The one way the renderer talks to the server: relative /api URLs, JSON in and out. */
export async function apiRequest<T = void>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token === undefined ? authStore.get()?.token : options.token
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'network', messages.defaultError)
  }
  const text = await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields)
    throw new ApiError(response.status, response.status === 429 ? 'rate_limited' : 'internal', messages.defaultError)
  }
  return data as T
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T = void>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('DELETE', path, { ...options, body }),
}

/** The message to show for a failed call: the server's, else the given fallback. */
export function errorMessage(error: unknown, fallback: string = messages.defaultError): string {
  if (error instanceof ApiError && error.code !== 'network' && error.code !== 'internal') return error.message
  return fallback
}

export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fields : {}
}
