import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ProgressResponse } from '#shared/api/study'
import { solid } from '#tests/support/images'
import { apiCall, type E2EServer, expect } from './fixtures'
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

const DAY = 86_400_000

/** Answers `card` through the API as if it had been answered wrongly `daysAgo` days ago: due now. */
export async function answerLongAgo(server: E2EServer, owner: Owner, setId: string, card: Flashcard, daysAgo = 3): Promise<void> {
  const answeredAt = new Date(Date.now() - daysAgo * DAY).toISOString()
  const response = await apiCall(server, 'POST', `/sets/${setId}/answers`, { cardId: card.id, mode: 'write', correct: false, answeredAt }, owner.token)
  expect(response.status).toBe(201)
}

/** The owner's review log as CSV rows (header left out); COLUMN names the columns read. */
export async function reviewLog(server: E2EServer, owner: Owner): Promise<string[][]> {
  const response = await apiCall(server, 'GET', '/users/me/review-log?format=csv', undefined, owner.token)
  expect(response.status).toBe(200)
  return (await response.text())
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','))
}

export const COLUMN = { card: 1, prompt: 2, mode: 6, question: 7, outcome: 8 }

/** A small PNG made here, uploaded as the owner's picture (POST /api/media takes the raw bytes). */
export async function uploadPicture(server: E2EServer, owner: Owner, colour: string): Promise<string> {
  const png = await solid(40, 30, colour).png().toBuffer()
  const response = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${owner.token}` },
    body: png,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}
