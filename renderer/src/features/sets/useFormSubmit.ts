import { useState } from 'react'
import type { FieldErrors } from '@shared/api/errors'
import { fieldErrorsOf } from '@/lib/api'

interface CheckedForm<T> {
  /** The cleaned input, or null with the field errors shown. */
  validate(): T | null
  setFields(fields: FieldErrors): void
}

/**
 * A set or card form's submit: the browser's check, then the call; on failure the server's field
 * errors go under the fields, and anything else shows `failureMessage` (spec section 8).
 */
export function useFormSubmit<T>(form: CheckedForm<T>, failureMessage: string, send: (input: T) => Promise<void>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const submit = async () => {
    setError('')
    const input = form.validate()
    if (!input) return
    setBusy(true)
    try {
      await send(input)
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      form.setFields(fields)
      if (Object.keys(fields).length === 0) setError(failureMessage)
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, submit }
}
