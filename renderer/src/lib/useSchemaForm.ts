import { useState } from 'react'
import type { z } from 'zod'
import type { FieldErrors } from '#shared/api/errors'
import { fieldErrors } from '#shared/api/validation'
import { errorMessage, fieldErrorsOf, isOfflineFailure } from './api'
import { translateShared, useLocale } from './i18n'

export interface SchemaFormOptions<S extends z.ZodType, V> {
  /** The request's shared zod schema (shared/api/*.ts): the one the server checks the body with. */
  schema: S
  initial: V
  /** The schema's input made of the form's values (default: the values as they are). */
  input?: (values: V) => unknown
  /** A check before the schema's, for the spec's own order of messages; false stops the submit. */
  before?: (values: V) => boolean
  /** How a refused input shows (default: each field's first message under the field). */
  onInvalid?: (fields: FieldErrors) => void
  /** The request, with the schema's output. */
  send: (data: z.output<S>) => Promise<void>
  /**
   * How a failed request shows. By default the server's field errors go under the fields and any
   * other failure shows `failureMessage` (a text, or made from the failure) as the form's error.
   */
  onFailure?: (failure: unknown) => void
  failureMessage?: string | ((failure: unknown) => string)
}

/**
 * The one form path: the values, the shared schema's check in the browser (the server checks
 * again), the request, busy while it runs, and the field errors and form error to show.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(options: SchemaFormOptions<S, V>) {
  const { schema, initial, input = (values: V) => values, before, onInvalid, send, onFailure, failureMessage } = options
  const [values, setValues] = useState(initial)
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const setValue = <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }))
  const reset = (next: V = initial) => {
    setValues(next)
    setFields({})
  }

  /** The default way a failure shows (a custom onFailure may fall back on it). */
  const showFailure = (failure: unknown) => {
    const serverFields = fieldErrorsOf(failure)
    setFields(serverFields)
    if (Object.keys(serverFields).length > 0) return
    // Offline, every form says the action needs a connection, whatever its own failure message.
    if (isOfflineFailure(failure) || typeof failureMessage !== 'function') setError(errorMessage(failure, failureMessage as string | undefined))
    else setError(failureMessage(failure))
  }

  const submit = async () => {
    setError('')
    if (before && !before(values)) return
    const checked = schema.safeParse(input(values))
    if (!checked.success) {
      const refused = fieldErrors(checked.error)
      if (onInvalid) onInvalid(refused)
      else setFields(refused)
      return
    }
    setFields({})
    setBusy(true)
    try {
      await send(checked.data)
    } catch (failure) {
      if (onFailure) onFailure(failure)
      else showFailure(failure)
    } finally {
      setBusy(false)
    }
  }

  // The shared texts (schemas' messages, the server's) in the interface's language.
  const locale = useLocale()
  const shownFields = Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, text && translateShared(text, locale)])) as typeof fields
  return { values, setValue, setValues, fields: shownFields, setFields, error: translateShared(error, locale), setError, busy, submit, reset, showFailure }
}
