// The seeded database: users, sets (a fifth public, with tags), cards and study records, made
// from one seed number with a small deterministic random generator, so the same seed and scale
// give the same rows (ids included) on every machine. Rows go in with prepared statements in a few
// big transactions; the schema comes from the app's own migrations.
import { createHash } from 'node:crypto'
import { copyFileSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import bcrypt from 'bcryptjs'

export const DEFAULT_SCALE = { users: 10_000, sets: 100_000, cards: 1_000_000, studyingUsers: 2_000, setsStudiedEach: 5 }
export const SEED_PASSWORD = 'bench password 1'

/** mulberry32: tiny, fast and the same everywhere. */
function randomFrom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
const SUBJECTS = [
  'Biology',
  'Chemistry',
  'Physics',
  'History',
  'Geography',
  'French',
  'Spanish',
  'German',
  'Latin',
  'Music',
  'Economics',
  'Algebra',
  'Geometry',
  'Statistics',
  'Anatomy',
  'Astronomy',
  'Geology',
  'Philosophy',
  'Literature',
  'Art',
  'Psychology',
  'Sociology',
  'Law',
  'Medicine',
  'Computing',
  'Ecology',
  'Botany',
  'Zoology',
  'Grammar',
  'Politics',
]
const TOPICS = [
  'basics',
  'vocabulary',
  'key terms',
  'revision',
  'final exam',
  'chapter 1',
  'chapter 2',
  'chapter 3',
  'unit test',
  'midterm',
  'formulas',
  'dates',
  'definitions',
  'practice',
  'quiz prep',
  'lecture notes',
  'summary',
  'week 4',
  'essentials',
  'review',
]
const WORDS = [
  'cell',
  'energy',
  'force',
  'reaction',
  'empire',
  'river',
  'verb',
  'noun',
  'market',
  'theorem',
  'angle',
  'mean',
  'bone',
  'star',
  'rock',
  'idea',
  'poem',
  'colour',
  'memory',
  'society',
  'contract',
  'organ',
  'program',
  'habitat',
  'leaf',
  'species',
  'clause',
  'vote',
  'wave',
  'atom',
  'treaty',
  'climate',
  'tense',
  'price',
  'proof',
  'sample',
  'muscle',
  'planet',
  'mineral',
  'ethics',
]
const TAGS = [
  'EXAM',
  'GCSE',
  'ALEVEL',
  'SAT',
  'IB',
  'AP',
  'YEAR7',
  'YEAR8',
  'YEAR9',
  'YEAR10',
  'YEAR11',
  'UNI',
  'FINALS',
  'QUIZ',
  'VOCAB',
  'REVISION',
  'HOMEWORK',
  'MIDTERM',
  'SCIENCE',
  'LANGUAGE',
  'MATHS',
  'HUMANITIES',
  'ARTS',
  'MEDICAL',
  'TECH',
  'EASY',
  'HARD',
  'SPRING',
  'SUMMER',
  'AUTUMN',
  'WINTER',
  'CLASS1',
  'CLASS2',
  'CLASS3',
  'CLASS4',
  'GROUPA',
  'GROUPB',
  'GROUPC',
  'TEACHER',
  'STUDENT',
  'SHARED',
  'PRACTICE',
  'DATES',
  'FORMULAS',
  'KEYTERMS',
  'READING',
  'WRITING',
  'LISTENING',
  'SPEAKING',
  'LAB',
  'THEORY',
  'HISTORY',
  'MAPS',
  'BIO',
  'CHEM',
  'PHYS',
  'ECON',
  'LAW',
  'CODE',
  'MUSIC',
]

/** What the benchmark asks for: chosen so the search + tag query has a realistic, non-empty answer. */
export const BENCH_SEARCH = { search: 'chemistry', tag: 'SCIENCE' }

function makeGenerator(seed) {
  const random = randomFrom(seed)
  const int = (n) => Math.floor(random() * n)
  const pick = (list) => list[int(list.length)]
  const id = () => {
    let text = ''
    for (let i = 0; i < 15; i++) text += ID_ALPHABET[int(ID_ALPHABET.length)]
    return text
  }
  const start = Date.UTC(2023, 0, 1)
  const span = Date.UTC(2025, 6, 1) - start
  const time = () => new Date(start + int(span)).toISOString()
  return { random, int, pick, id, time }
}

/** Card counts per set, each 2..18 (mean 10), nudged so they add up to exactly `total`. */
function cardCounts(g, sets, total, fixed) {
  const counts = Array.from({ length: sets }, () => 2 + g.int(17))
  for (const [index, count] of fixed) counts[index] = count
  let sum = counts.reduce((a, b) => a + b, 0)
  while (sum !== total) {
    const index = g.int(sets)
    if (fixed.has(index)) continue
    if (sum < total && counts[index] < 30) (counts[index] += 1), (sum += 1)
    else if (sum > total && counts[index] > 1) (counts[index] -= 1), (sum -= 1)
  }
  return counts
}

/** Fills a migrated, empty database file; returns what the benchmark needs to know about it. */
export function seedDatabase(file, { seed, scale, passwordHash }) {
  const g = makeGenerator(seed)
  const db = new SQLite(file)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  db.pragma('foreign_keys = OFF')
  db.pragma('cache_size = -200000')
  // The app's Unicode lower() (server/db/database.ts): the search index's triggers call it.
  db.function('lower', { deterministic: true }, (text) => (text === null ? null : String(text).toLowerCase()))
  const planId = db.prepare("select id from plans where name = 'Free'").pluck().get()

  const insertUser = db.prepare(
    'insert into users (id, username, email, password_hash, token_key, verified, plan_id, avatar, created, updated) values (?, ?, ?, ?, ?, 1, ?, null, ?, ?)',
  )
  const users = []
  db.transaction(() => {
    for (let i = 1; i <= scale.users; i++) {
      const created = g.time()
      const user = { id: g.id(), username: `student${i}`, email: `student${i}@example.org` }
      insertUser.run(user.id, user.username, user.email, passwordHash, `${g.id()}${g.id()}`, planId, created, created)
      users.push(user)
    }
  })()

  // The sets the benchmark reads: the bench user's own, and one public set with a full cards page.
  const benchUser = users[0]
  const cardsSetIndex = 5 // made public below
  const counts = cardCounts(g, scale.sets, scale.cards, new Map([[cardsSetIndex, 120]]))
  const insertSet = db.prepare(
    'insert into study_sets (id, owner_id, title, description, tags, is_public, card_count, created, updated) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const insertTag = db.prepare('insert into set_tags (set_id, tag) values (?, ?)')
  const insertCard = db.prepare('insert into flashcards (id, study_set_id, term, definition, position, created, guid) values (?, ?, ?, ?, ?, ?, ?)')
  const publicSets = []
  let cardsSet
  const CHUNK = 10_000
  for (let from = 0; from < scale.sets; from += CHUNK) {
    db.transaction(() => {
      for (let s = from; s < Math.min(scale.sets, from + CHUNK); s++) {
        // Every 10,000th set is the bench user's: about ten, like any student.
        const owner = s % 10_000 === 0 ? benchUser : users[g.int(users.length)]
        const isPublic = s === cardsSetIndex || g.random() < 0.2
        const subject = g.pick(SUBJECTS)
        const title = `${subject} ${g.pick(TOPICS)} ${1 + g.int(40)}`
        const description = `${subject} flashcards on ${g.pick(WORDS)}, ${g.pick(WORDS)} and ${g.pick(WORDS)} for my ${g.pick(TOPICS)}.`
        const tagCount = isPublic ? 1 + g.int(3) : g.int(3)
        const tags = [...new Set(Array.from({ length: tagCount }, () => g.pick(TAGS)))]
        const created = g.time()
        const set = { id: g.id(), cards: [] }
        insertSet.run(set.id, owner.id, title, description, tags.join(','), isPublic ? 1 : 0, counts[s], created, created)
        for (const tag of tags) insertTag.run(set.id, tag)
        for (let position = 1; position <= counts[s]; position++) {
          const word = g.pick(WORDS)
          const cardId = g.id()
          insertCard.run(
            cardId,
            set.id,
            `${word} ${position}`,
            `The meaning of ${word} in ${subject.toLowerCase()}, card ${position} of the set.`,
            position,
            created,
            // Stable identity (issue 27): a card's id serves as its guid, as migration 0016 gave existing cards.
            cardId,
          )
          if (isPublic) set.cards.push(cardId)
        }
        if (isPublic) publicSets.push(set)
        if (s === cardsSetIndex) cardsSet = set
      }
    })()
  }

  // Study records: some students study a few public sets each, every card of them.
  const insertProgress = db.prepare(
    'insert or ignore into study_progress (user_id, study_set_id, flashcard_id, correct_count, incorrect_count, last_reviewed) values (?, ?, ?, ?, ?, ?)',
  )
  const insertWrite = db.prepare(
    'insert into write_results (id, user_id, study_set_id, flashcard_id, correct_count, incorrect_count, completed_at) values (?, ?, ?, ?, ?, ?, ?)',
  )
  const insertSession = db.prepare(
    "insert into learning_sessions (id, user_id, study_set_id, start_time, end_time, total_cards, correct_count, incorrect_count, status) values (?, ?, ?, ?, ?, ?, ?, ?, 'completed')",
  )
  const insertMatch = db.prepare(
    'insert into match_results (id, user_id, study_set_id, time_taken, correct_matches, incorrect_matches, created) values (?, ?, ?, ?, ?, ?, ?)',
  )
  const records = { progress: 0, writes: 0, sessions: 0, matches: 0 }
  db.transaction(() => {
    for (let u = 0; u < scale.studyingUsers; u++) {
      const user = u === 0 ? benchUser : users[g.int(users.length)]
      for (let k = 0; k < scale.setsStudiedEach; k++) {
        const set = u === 0 && k === 0 ? cardsSet : g.pick(publicSets)
        const when = g.time()
        let correct = 0
        let incorrect = 0
        for (const cardId of set.cards) {
          const right = g.int(4)
          const wrong = g.int(3)
          correct += right
          incorrect += wrong
          records.progress += insertProgress.run(user.id, set.id, cardId, right, wrong, when).changes
          if (g.random() < 0.5) {
            insertWrite.run(g.id(), user.id, set.id, cardId, right, wrong, when)
            records.writes += 1
          }
        }
        insertSession.run(g.id(), user.id, set.id, when, when, set.cards.length, correct, incorrect)
        records.sessions += 1
        insertMatch.run(g.id(), user.id, set.id, 20_000 + g.int(60_000), 6, g.int(4), when)
        records.matches += 1
      }
    }
  })()
  db.close()
  return {
    seed,
    scale,
    benchUser: { ...benchUser, password: SEED_PASSWORD },
    // Ten other students (the same password), for the answer route as a class answers: each its own card.
    students: users.slice(1, 11).map((user) => ({ email: user.email, password: SEED_PASSWORD })),
    cardsSet: { id: cardsSet.id, cardIds: cardsSet.cards },
    publicSets: publicSets.length,
    records,
    search: BENCH_SEARCH,
  }
}

/**
 * The seeded database for this seed, scale and schema: made once, then kept under
 * `cacheDir/<key>/` (the key hashes the seed, the scale, the migrations' names and sources, and
 * this file, so a migration edited in place seeds afresh).
 * Returns the cached file and what seedDatabase returned.
 */
export async function seededDatabase({ cacheDir, seed, scale, bcryptCost, migrationNames, migrateDatabaseFile, log }) {
  const source = readFileSync(new URL(import.meta.url), 'utf8')
  const migrationsDir = new URL('../../server/db/migrations/', import.meta.url)
  const migrationSources = migrationNames.map((name) => readFileSync(new URL(`${name}.ts`, migrationsDir), 'utf8'))
  const key = createHash('sha256')
    .update(JSON.stringify({ seed, scale, bcryptCost, migrationNames, migrationSources }))
    .update(source)
    .digest('hex')
    .slice(0, 16)
  const dir = path.join(cacheDir, key)
  const file = path.join(dir, 'cardwise.db')
  const infoFile = path.join(dir, 'seed.json')
  if (existsSync(infoFile)) {
    log(`seeded database: cached (${dir})`)
    return { file, info: JSON.parse(readFileSync(infoFile, 'utf8')), seconds: 0, cached: true }
  }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const started = performance.now()
  const building = path.join(dir, 'building.db')
  await migrateDatabaseFile(building)
  // One hash for every seeded user, at the server's configured cost.
  const passwordHash = bcrypt.hashSync(SEED_PASSWORD, bcryptCost)
  const info = seedDatabase(building, { seed, scale, passwordHash })
  // Back to WAL (the server's mode) and a clean file before it is cached.
  const db = new SQLite(building)
  db.pragma('journal_mode = WAL')
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  renameSync(building, file)
  const seconds = (performance.now() - started) / 1000
  writeFileSync(infoFile, JSON.stringify({ ...info, seconds }, null, 2))
  log(`seeded database: made in ${seconds.toFixed(1)} s (${dir})`)
  return { file, info: { ...info, seconds }, seconds, cached: false }
}

/** A fresh copy of the cached database in `dataDir` (a benchmark writes to it). */
export function copyDatabase(file, dataDir, fileName) {
  mkdirSync(dataDir, { recursive: true })
  copyFileSync(file, path.join(dataDir, fileName), constants.COPYFILE_FICLONE)
}
