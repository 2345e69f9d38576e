import { useState } from 'react'
import type { FieldErrors } from '@shared/api/errors'
import { createSetSchemas } from '@shared/api/sets'
import { fieldErrors } from '@shared/api/validation'

/**
 * The shared set and card schemas for answering fast in the browser. Markup is left in place here:
 * the server strips it (and is the authority on everything else too).
 */
export const clientSetSchemas = createSetSchemas((text) => text)

export interface SetFormValues {
  title: string
  description: string
  /** The Tag field; the API calls it `tags` (comma-separated). */
  tags: string
}

export const emptySetForm: SetFormValues = { title: '', description: '', tags: '' }

/** State of the title, description and tag fields shared by the create page and the edit dialog. */
export function useSetForm(initial: SetFormValues = emptySetForm) {
  const [values, setValues] = useState(initial)
  const [fields, setFields] = useState<FieldErrors>({})

  const setValue = (name: keyof SetFormValues, value: string) => {
    // Spec section 5: tags are forced to upper case.
    setValues((current) => ({ ...current, [name]: name === 'tags' ? value.toUpperCase() : value }))
  }

  /** The cleaned input, or null with the field errors shown. */
  const validate = () => {
    const checked = clientSetSchemas.createSet.safeParse(values)
    if (!checked.success) {
      setFields(fieldErrors(checked.error))
      return null
    }
    setFields({})
    const { title, description, tags } = checked.data
    return { title, description, tags }
  }

  return { values, setValue, fields, setFields, validate }
}
