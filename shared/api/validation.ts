import type { z } from 'zod'
import type { FieldErrors } from './errors'

/** The first message for each top-level field, in the shape of the error body's `fields`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : ''
    if (key && !(key in fields)) fields[key] = issue.message
  }
  return fields
}
