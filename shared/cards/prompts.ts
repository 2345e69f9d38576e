import { clozeNumbers } from './cloze'

/** A card's kind: a two-sided basic card, or a cloze text whose deletions are asked one number at a time. */
export const CARD_KINDS = ['basic', 'cloze'] as const
export type CardKind = (typeof CARD_KINDS)[number]

/**
 * What can be asked of a card: `f` (term to definition), `r` (definition to term, a basic card with `reverse`), or
 * `c1`..`c50` (a cloze card's deletions). Each prompt has its own memory, progress and review-log rows.
 */
export type Prompt = string

/** The one prompt every card had before prompts existed; also the answer route's default. */
export const DEFAULT_PROMPT = 'f'

/** The shape of a prompt, whether or not a given card has it. */
export const PROMPT_PATTERN = /^(f|r|c([1-9]|[1-4]\d|50))$/

export interface PromptedCard {
  kind?: CardKind
  reverse?: boolean
  term: string
}

/** The prompts of a card, in the order they are asked. */
export function cardPrompts(card: PromptedCard): Prompt[] {
  if (card.kind === 'cloze') return clozeNumbers(card.term).map((number) => `c${number}`)
  return card.reverse ? ['f', 'r'] : ['f']
}

/** The deletion number a cloze prompt asks (`c3` -> 3), or null for `f` and `r`. */
export function clozeNumberOf(prompt: string): number | null {
  return prompt.startsWith('c') ? Number(prompt.slice(1)) : null
}
