import type { Flashcard, StudySet } from '../../shared/api/sets'
import type { ProgressResponse } from '../../shared/api/study'
import { apiCall, type E2EServer } from './fixtures'
import { addCards, createSet, type Owner } from './set-helpers'

/**
 * Helpers of the study-mode end-to-end tests (learn, write, match, progress): a 12-card set
 * (two batches of 10) whose definitions are all different, and the saved progress.
 */
export const TWELVE_CARDS: Array<[term: string, definition: string]> = [
  ['Mitochondria', 'Powerhouse of the cell'],
  ['Ribosome', 'Builds proteins'],
  ['Nucleus', 'Holds the genetic material'],
  ['Chloroplast', 'Site of photosynthesis'],
  ['Golgi apparatus', 'Packages and ships proteins'],
  ['Lysosome', 'Digests waste'],
  ['Vacuole', 'Stores water and nutrients'],
  ['Cell membrane', 'Controls what enters and leaves'],
  ['Cytoplasm', 'Jelly that fills the cell'],
  ['Cell wall', 'Rigid layer around plant cells'],
  ['Centriole', 'Organises cell division'],
  ['Endoplasmic reticulum', 'Network of membranes for transport'],
]

export interface StudySetWithCards {
  set: StudySet
  cards: Flashcard[]
}

/** A set of `cards` (the 12 above unless given), made through the API. */
export async function createStudySet(
  server: E2EServer,
  owner: Owner,
  { cards = TWELVE_CARDS, isPublic = false, title = 'Cell Biology' }: { cards?: Array<[string, string]>; isPublic?: boolean; title?: string } = {},
): Promise<StudySetWithCards> {
  const set = await createSet(server, owner, { title, isPublic })
  return { set, cards: await addCards(server, owner, set.id, cards) }
}

/** The definition of the card whose term is `term`. */
export function definitionOf(cards: Flashcard[], term: string): string {
  const card = cards.find((item) => item.term === term)
  if (!card) throw new Error(`no card with term ${term}`)
  return card.definition
}

/** The caller's saved progress on a set, read through the API. */
export async function progressOf(server: E2EServer, token: string, setId: string): Promise<ProgressResponse> {
  const response = await apiCall(server, 'GET', `/sets/${setId}/progress`, undefined, token)
  if (response.status !== 200) throw new Error(`progress failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as ProgressResponse
}
