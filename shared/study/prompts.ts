import { clozeAnswer, clozeFilled, clozeQuestion } from '#shared/cards/cloze'
import { type CardKind, cardPrompts, clozeNumberOf, DEFAULT_PROMPT, type Prompt } from '#shared/cards/prompts'

/**
 * Which prompts a study session asks (issue 26, Quizlet's "Answer with"): `definition` asks each card from its term
 * (prompt `f`), `term` from its definition (prompt `r`, on cards that are asked in reverse), `both` asks both.
 * A cloze card is asked by its deletions whatever the choice (they have no direction), and a card without `r` is
 * asked by `f` under `term` (it can only be asked one way; "Also ask in reverse" in the editor adds the other).
 */
export const ANSWER_WITH = ['definition', 'term', 'both'] as const
export type AnswerWith = (typeof ANSWER_WITH)[number]
export const DEFAULT_ANSWER_WITH: AnswerWith = 'both'

interface SelectableCard {
  kind?: CardKind
  reverse?: boolean
  term: string
}

/** The prompts of a card asked under `answerWith`, in the order they are asked. */
export function selectPrompts(card: SelectableCard, answerWith: AnswerWith): Prompt[] {
  const prompts = cardPrompts(card)
  if (card.kind === 'cloze' || answerWith === 'both') return prompts
  if (answerWith === 'term') return prompts.includes('r') ? ['r'] : ['f']
  return ['f']
}

/** Whether "Answer with" changes anything for these cards: only cards asked in reverse have a direction to choose. */
export function hasAnswerWithChoice(cards: readonly SelectableCard[]): boolean {
  return cards.some((card) => card.kind !== 'cloze' && card.reverse === true)
}

/** A card's fields that a study mode shows; `term*` is the question side, `definition*` the answer side. */
export interface AskableCard extends SelectableCard {
  id: string
  definition: string
}

/** What an asked prompt adds to the card it was made from. */
export interface AskedPrompt {
  /** The card's own id (the item's `id` is unique per prompt, see promptItemId). */
  cardId: string
  prompt: Prompt
  /** A cloze card's definition, shown after the answer; '' for none. */
  extra: string
  /** A cloze prompt's text with every deletion filled in, the asked ones marked (Flashcards' back). */
  filled: { text: string; asked: boolean }[] | null
}

export type StudyItem<T extends AskableCard> = T & { asked: AskedPrompt }

const SEPARATOR = ':'

/** A study item's id: the card's id for `f` (so progress, stars and pictures keyed by card stay as they were), else `cardId:prompt`. */
export function promptItemId(cardId: string, prompt: string): string {
  return prompt === DEFAULT_PROMPT ? cardId : `${cardId}${SEPARATOR}${prompt}`
}

/** The card id and prompt behind a study item's id (card ids never contain ':'). */
export function splitPromptItemId(itemId: string): { cardId: string; prompt: Prompt } {
  const at = itemId.indexOf(SEPARATOR)
  if (at < 0) return { cardId: itemId, prompt: DEFAULT_PROMPT }
  return { cardId: itemId.slice(0, at), prompt: itemId.slice(at + 1) as Prompt }
}

/** Swaps every `term*` field with its `definition*` twin (text, picture, sound...), for a reverse prompt. */
function reversed<T extends AskableCard>(card: T): T {
  const source = card as unknown as Record<string, unknown>
  const copy: Record<string, unknown> = { ...source }
  for (const key of Object.keys(source)) {
    if (!key.startsWith('term')) continue
    const twin = `definition${key.slice('term'.length)}`
    if (!(twin in source)) continue
    copy[key] = source[twin]
    copy[twin] = source[key]
  }
  return copy as T
}

/**
 * One prompt of a card as a study mode asks it, in the card's own shape: `term` the question, `definition` the answer.
 * `r` swaps the sides; `cN` asks the text with deletion N blanked and answers with the deleted text.
 */
export function askCard<T extends AskableCard>(card: T, prompt: Prompt): StudyItem<T> {
  const id = promptItemId(card.id, prompt)
  const number = clozeNumberOf(prompt)
  if (number !== null) {
    const asked: AskedPrompt = { cardId: card.id, prompt, extra: card.definition, filled: clozeFilled(card.term, number) }
    return { ...card, id, term: clozeQuestion(card.term, number), definition: clozeAnswer(card.term, number), asked }
  }
  const asked: AskedPrompt = { cardId: card.id, prompt, extra: '', filled: null }
  return { ...(prompt === 'r' ? reversed(card) : card), id, asked }
}

/** The study items of a session: each card's selected prompts, card by card in the cards' order. */
export function studyItems<T extends AskableCard>(cards: readonly T[], answerWith: AnswerWith): StudyItem<T>[] {
  return cards.flatMap((card) => selectPrompts(card, answerWith).map((prompt) => askCard(card, prompt)))
}
