import type { CardAudio, CardImage } from '#shared/api/media'
import type { CreateSetInput } from '#shared/api/sets'
import { createSetSchemas } from '#shared/api/sets'
import type { z } from 'zod'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { clozeNumbers } from '#shared/cards/cloze'
import type { CardKind } from '#shared/cards/prompts'

/**
 * The shared set and card schemas for answering fast in the browser. Markup is left in place here:
 * the server strips it (and is the authority on everything else too).
 */
export const clientSetSchemas = createSetSchemas((text) => text)

/**
 * The Title, Description and Tag fields (the API calls the tag field `tags`, comma-separated), and
 * the languages the terms and definitions are read aloud in (null: Automatic).
 */
export type SetFormValues = Required<Pick<CreateSetInput, 'title' | 'description' | 'tags'>> & {
  termLanguage: string | null
  definitionLanguage: string | null
}
/** A card's text and pictures as the form holds them (the request names the pictures by id), and whether it is asked in reverse. */
export interface CardFormValues {
  term: string
  definition: string
  termImage: CardImage | null
  definitionImage: CardImage | null
  termAudio: CardAudio | null
  definitionAudio: CardAudio | null
  reverse: boolean
}

/** The editor's card kind: a term with a deletion `{{c1::...}}` makes a cloze card. */
export const cardKindOf = (term: string): CardKind => (clozeNumbers(term).length > 0 ? 'cloze' : 'basic')

export const emptySetForm: SetFormValues = { title: '', description: '', tags: '', termLanguage: null, definitionLanguage: null }
export const emptyCardForm: CardFormValues = {
  term: '',
  definition: '',
  termImage: null,
  definitionImage: null,
  termAudio: null,
  definitionAudio: null,
  reverse: false,
}

/**
 * The create page's and the edit dialog's set form. A failed save shows the server's field errors,
 * else `failureMessage` (docs/content-rules.md).
 */
export function useSetForm(initial: SetFormValues, failureMessage: string, send: (input: SetFormValues) => Promise<void>) {
  const form = useSchemaForm({
    schema: clientSetSchemas.createSet,
    initial,
    // Only the form's fields: the schema's isPublic default must not make a public set private.
    send: ({ title, description, tags, termLanguage, definitionLanguage }) => send({ title, description, tags, termLanguage, definitionLanguage }),
    failureMessage: () => failureMessage,
  })
  // Spec section 5: tags are forced to upper case. A language select's '' is Automatic (null).
  const setValue = (name: keyof SetFormValues, value: string) => {
    if (name === 'termLanguage' || name === 'definitionLanguage') form.setValue(name, value === '' ? null : value)
    else form.setValue(name, name === 'tags' ? value.toUpperCase() : value)
  }
  return { ...form, setValue }
}

/** The add form's and the edit dialog's card form (text and picture of each side), like useSetForm. */
export function useCardForm(initial: CardFormValues, failureMessage: string, send: (input: CreateCardData) => Promise<void>) {
  return useSchemaForm({
    schema: clientSetSchemas.createCard,
    initial,
    input: (values: CardFormValues) => {
      const kind = cardKindOf(values.term)
      return {
        ...values,
        termImage: values.termImage?.id ?? null,
        definitionImage: values.definitionImage?.id ?? null,
        termAudio: values.termAudio?.id ?? null,
        definitionAudio: values.definitionAudio?.id ?? null,
        kind,
        reverse: kind === 'basic' && values.reverse,
      }
    },
    send,
    failureMessage: () => failureMessage,
  })
}

export type CreateCardData = z.output<typeof clientSetSchemas.createCard>
