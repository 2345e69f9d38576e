import Papa from 'papaparse'
import { promptItemId } from '#shared/study/prompts'
import type { LoggedReview } from './fit'

/*
 * The review logs the memory evaluation (`npm run eval:memory`) reads. Each card prompt is a memory
 * of its own (issue 26): a card asked both ways, or a cloze card with several deletions, gives one
 * history per prompt, named as the study items are (`cardId` for `f`, `cardId:prompt` otherwise).
 */

/** One review of this database's review_log as the evaluation reads it. */
export function loggedReview(row: { flashcard_id: string; prompt: string; rating: number; answered_at: string }): LoggedReview {
  return { cardId: promptItemId(row.flashcard_id, row.prompt), rating: row.rating, at: new Date(row.answered_at) }
}

/**
 * The reviews of a CSV log: an Anki revlog export (the FSRS benchmark's `card_id,review_time,review_rating`,
 * time in epoch milliseconds or ISO; rating 0, a manual reschedule, is skipped) or Cardwise's own
 * review-log CSV (`review_time,card_id,prompt,...,rating`), each card prompt its own history.
 */
export function reviewsFromCsv(text: string): LoggedReview[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
  const reviews: LoggedReview[] = []
  for (const row of parsed.data) {
    const card = row.card_id ?? row.cid
    const cardId = card && row.prompt ? promptItemId(card, row.prompt) : card
    const time = row.review_time ?? row.id
    const rating = Number(row.review_rating ?? row.rating ?? row.ease)
    if (!cardId || !time || !(rating >= 1 && rating <= 4)) continue
    const at = /^\d+$/.test(time) ? new Date(Number(time)) : new Date(time)
    if (Number.isNaN(at.getTime())) continue
    reviews.push({ cardId, at, rating })
  }
  return reviews
}
