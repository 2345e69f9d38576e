import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from './config'
import { DATABASE_FILE, openSqliteDatabase } from './db/database'
import { type Evaluation, evaluateLog } from './features/memory/evaluate'
import type { LoggedReview } from './features/memory/fit'
import { loggedReview, reviewsFromCsv } from './features/memory/review-log-reader'
import { simulateLog } from './features/memory/simulate'

/*
 * npm run eval:memory [-- --db FILE | --anki REVLOG.csv | --synthetic] [--user ID] [--splits 5]
 *
 * Log loss, RMSE(bins) and AUC of predicted recall on a review log, default parameters beside
 * parameters fitted on time-series splits (server/features/memory/evaluate.ts). Sources:
 * - this database (default: DATA_DIR's), every student with at least --min-reviews reviews
 *   (default 100), or one with --user;
 * - an Anki revlog CSV (the FSRS benchmark's columns `card_id,review_time,review_rating`, time in
 *   epoch milliseconds or ISO; rating 0, a manual reschedule, is skipped), or Cardwise's own
 *   review-log CSV (`card_id,prompt,review_time,rating`: each card prompt is one history);
 * - --synthetic: a log drawn from a known FSRS-6 model, as the tests use.
 */

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    anki: { type: 'string' },
    synthetic: { type: 'boolean', default: false },
    user: { type: 'string' },
    splits: { type: 'string', default: '5' },
    'min-reviews': { type: 'string', default: '100' },
  },
})

async function logsFromDatabase(file: string, user: string | undefined, minReviews: number): Promise<Map<string, LoggedReview[]>> {
  if (!existsSync(file)) throw new Error(`no database at ${file}`)
  const db = openSqliteDatabase(file)
  try {
    let query = db.selectFrom('review_log').select(['user_id', 'flashcard_id', 'prompt', 'rating', 'answered_at'])
    if (user) query = query.where('user_id', '=', user)
    const logs = new Map<string, LoggedReview[]>()
    for (const row of await query.execute()) {
      const list = logs.get(row.user_id) ?? []
      list.push(loggedReview(row))
      logs.set(row.user_id, list)
    }
    for (const [id, list] of logs) if (list.length < minReviews) logs.delete(id)
    return logs
  } finally {
    await db.destroy()
  }
}

const format = (value: number) => (Number.isNaN(value) ? '   n/a' : value.toFixed(4))

function print(name: string, reviews: number, evaluation: Evaluation): void {
  console.log(`\n${name}: ${reviews} reviews, ${evaluation.default.count} measured over ${evaluation.splits} time-series splits`)
  console.log('             default   fitted')
  console.log(`log loss     ${format(evaluation.default.logLoss)}    ${format(evaluation.fitted.logLoss)}`)
  console.log(`RMSE(bins)   ${format(evaluation.default.rmseBins)}    ${format(evaluation.fitted.rmseBins)}`)
  console.log(`AUC          ${format(evaluation.default.auc)}    ${format(evaluation.fitted.auc)}`)
}

async function main(): Promise<void> {
  const splits = Number(values.splits)
  const sources = new Map<string, LoggedReview[]>()
  if (values.synthetic) {
    const truth = [0.3, 1.5, 3.0, 10, 6.0, 0.6, 2.5, 0.01, 1.6, 0.15, 0.9, 1.6, 0.08, 0.3, 1.5, 0.5, 2.2, 0.5, 0.1, 0.05, 0.25]
    sources.set(
      'synthetic log (known FSRS-6 model)',
      simulateLog({ settings: { desiredRetention: 0.9, weights: truth }, cards: 300, days: 150, seed: 11, maxDelayDays: 4 }),
    )
  } else if (values.anki) {
    sources.set(path.basename(values.anki), reviewsFromCsv(readFileSync(values.anki, 'utf8')))
  } else {
    const file = values.db ?? path.join(loadConfig().dataDir, DATABASE_FILE)
    for (const [user, reviews] of await logsFromDatabase(file, values.user, Number(values['min-reviews']))) sources.set(`student ${user}`, reviews)
    if (sources.size === 0) console.log(`no student in ${file} has ${values['min-reviews']} reviews or more`)
  }
  for (const [name, reviews] of sources) print(name, reviews.length, await evaluateLog(reviews, splits))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
