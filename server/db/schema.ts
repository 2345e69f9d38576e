import type { ColumnType, Generated } from 'kysely'

/** A nullable column an insert may leave out (added by a later migration to a table older code inserts into). */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>

/** The database's tables as Kysely sees them. Columns are snake_case; times are ISO-8601 text. */
export interface PlansTable {
  id: string
  name: string
  created: string
}

export interface UsersTable {
  id: string
  username: string
  /** Always stored lower-cased. */
  email: string
  password_hash: string
  /** Part of every token's signing key: changing it invalidates all tokens of the user. */
  token_key: string
  /** 0 or 1 (an integer on every dialect). */
  verified: number
  plan_id: string
  avatar: string | null
  /** The interface language the user chose (shared/i18n/locales.ts), or null: automatic. */
  locale: Optional<string>
  created: string
  updated: string
}

export interface SessionsTable {
  id: string
  user_id: string
  created: string
  last_used: string
}

export type EmailTokenPurpose = 'verification' | 'password_reset' | 'email_change'

export interface EmailTokensTable {
  id: string
  user_id: string
  purpose: EmailTokenPurpose
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  token_hash: string
  /** The address an email-change token moves the account to. */
  new_email: string | null
  expires_at: string
  created: string
}

export interface StudySetsTable {
  id: string
  owner_id: string
  title: string
  description: string
  /** Comma-separated, upper-cased; set_tags holds the same tags one per row for filtering. */
  tags: string
  /** 0 or 1. */
  is_public: number
  /** Always the number of the set's flashcards: changed in the same transaction as they are. */
  card_count: number
  created: string
  updated: string
  /** BCP 47 tags the terms and the definitions are read aloud in; null until chosen. */
  term_language: string | null
  definition_language: string | null
  /** The set this one was copied from ("Save a copy"); null for originals and once it is deleted. */
  copied_from_set_id: string | null
}

export interface SetTagsTable {
  set_id: string
  tag: string
}

export interface FlashcardsTable {
  id: string
  study_set_id: string
  term: string
  definition: string
  /** 1-based and dense within a set. */
  position: number
  created: string
  /** The side's picture (media.id), or null. A side has text, a picture or both. */
  term_image_id: string | null
  definition_image_id: string | null
  /** The side's recording (media.id of an audio row), or null. */
  term_audio_id: string | null
  definition_audio_id: string | null
  /** `basic` or `cloze` (issue 26): a cloze card's term holds Anki's deletions, its definition optional extra text. */
  kind: Generated<'basic' | 'cloze'>
  /** 0 or 1: a basic card also asked from its definition to its term (prompt `r`). */
  reverse: Generated<number>
  /**
   * Stable identity (issue 27), unique within the set: Anki's note guid when the card came from Anki, generated
   * otherwise (`newGuid`); a copy keeps its source's. `.apkg` exports use it as the note guid.
   */
  guid: string
}

/** One stored picture (re-encoded by server/features/media/image.ts), deduplicated per owner by hash. */
export interface MediaTable {
  id: string
  owner_id: string
  /** SHA-256 (hex) of `data`. */
  sha256: string
  /** The served Content-Type, e.g. image/webp. */
  type: string
  width: number
  height: number
  /** Length of `data`, counted against the owner's quota. */
  bytes: number
  /** A recording's length in milliseconds; null for a picture (whose width and height are then real). */
  duration_ms: number | null
  /** `blob` on SQLite, `bytea` on PostgreSQL: a Buffer on both. */
  data: Buffer
  created: string
}

export interface ContactFormSubmissionsTable {
  id: string
  /** The signed-in sender's account; null for visitors and once the account is deleted. */
  user_id: string | null
  name: string
  /** The account's email for a signed-in sender, else the one typed in. */
  email: string
  subject: string
  message: string
  created: string
}

export interface LearningSessionsTable {
  id: string
  user_id: string
  study_set_id: string
  start_time: string
  /** Set when the session is completed. */
  end_time: string | null
  total_cards: number
  correct_count: number
  incorrect_count: number
  status: 'in_progress' | 'completed'
}

/** One row per user, card and prompt answered in a mode that counts toward mastery. */
export interface StudyProgressTable {
  user_id: string
  study_set_id: string
  flashcard_id: string
  /** What was asked of the card: `f`, `r` or `c1`..`c50` (shared/cards/prompts.ts). */
  prompt: Generated<string>
  correct_count: number
  incorrect_count: number
  last_reviewed: string
}

/** One row per checked Write answer: correct_count and incorrect_count are 1 and 0 or 0 and 1. */
export interface WriteResultsTable {
  id: string
  user_id: string
  study_set_id: string
  flashcard_id: string
  correct_count: number
  incorrect_count: number
  completed_at: string
}

export interface MatchResultsTable {
  id: string
  user_id: string
  study_set_id: string
  /** Whole seconds. */
  time_taken: number
  correct_matches: number
  incorrect_matches: number
  created: string
  /** The client's id for the result (offline queue): one result per user and id. */
  client_id: string | null
}

/** One row per answer from any study mode (issue 15): the review log, as Anki's revlog. */
export interface ReviewLogTable {
  id: string
  user_id: string
  flashcard_id: string
  /** The card's prompt that was asked (`f` for every answer before issue 26). */
  prompt: Generated<string>
  study_set_id: string
  mode: string
  question: string
  outcome: string
  /** 0 or 1. */
  correct: number
  /** FSRS rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
  rating: number
  duration_ms: number | null
  answered_at: string
  received_at: string
  client_id: string | null
  /** The card's FSRS state before the review: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number
  elapsed_days: number
  scheduled_days: number
  /** After the review. */
  stability: number
  difficulty: number
  due: string
  /** The answer route's body (JSON), for a resent client id. */
  response: string | null
}

/** A student's FSRS memory of one card's prompt. */
export interface CardMemoryTable {
  user_id: string
  flashcard_id: string
  prompt: Generated<string>
  study_set_id: string
  stability: number
  difficulty: number
  due: string
  reps: number
  lapses: number
  state: number
  last_review: string
  learning_steps: number
  scheduled_days: number
}

export interface UserSettingsTable {
  user_id: string
  desired_retention: number
  /** JSON array of the student's fitted FSRS parameters, or null for the defaults. */
  parameters: string | null
  parameters_fitted_at: string | null
  parameters_review_count: number | null
  fit_claimed_at: string | null
  updated: string
  /** Answers a day the student aims for; null: the default (DAILY_GOAL.default). */
  daily_goal: Optional<number>
  /** IANA time zone the student's days are counted in; null: UTC. */
  time_zone: Optional<string>
  /** The hour (0-23, in time_zone) a reminder email goes out; null: reminders off. */
  reminder_hour: Optional<number>
  /** Random token of the one-click unsubscribe link. */
  reminder_token: Optional<string>
}

/** One row per student and day (in their time zone) a reminder was claimed by a server process. */
export interface ReminderClaimsTable {
  user_id: string
  day: string
  claimed_at: string
  sent_at: string | null
}

/** A user's folder; parent_id null at the top. */
export interface FoldersTable {
  id: string
  owner_id: string
  parent_id: string | null
  name: string
  created: string
  updated: string
}

export interface FolderSetsTable {
  folder_id: string
  study_set_id: string
  added: string
}

/** A student's study options of one set (JSON of StudyOptions). */
export interface StudyOptionsTable {
  user_id: string
  study_set_id: string
  options: string
  updated: string
}

/** One row per student and starred card. */
export interface CardStarsTable {
  user_id: string
  flashcard_id: string
  study_set_id: string
  created: string
}

/** A teacher's class (the owner); students are class_members rows. */
export interface ClassesTable {
  id: string
  owner_id: string
  name: string
  /** Upper-case letters and digits without look-alikes (see classes/join-code.ts); unique. */
  join_code: string
  created: string
  updated: string
}

export interface ClassMembersTable {
  class_id: string
  user_id: string
  joined: string
}

/** A set the class's teacher assigned to it: members may read it even while it is private. */
export interface ClassSetsTable {
  class_id: string
  set_id: string
  assigned: string
  /** When the students should have studied every card of the set by (ISO time), or null. */
  due_at: string | null
}

/** A live game (issue 29): its state is read by every server process; `version` guards each change. */
export interface GamesTable {
  id: string
  code: string
  /** The code while the game can be found by it; null once ended or stale. Unique. */
  active_code: string | null
  host_id: string
  set_id: string | null
  set_title: string
  class_id: string | null
  mode: 'solo' | 'teams'
  question_count: number
  seconds_per_question: number
  status: 'lobby' | 'question' | 'reveal' | 'ended'
  /** The current question (0-based), -1 in the lobby. */
  question_index: number
  question_started: string | null
  question_ends: string | null
  version: number
  created: string
  ended: string | null
}

export interface GamePlayersTable {
  id: string
  game_id: string
  nickname: string
  /** The nickname lower-cased: unique per game. */
  nickname_key: string
  /** SHA-256 (hex) of the player's token. */
  token_hash: string
  user_id: string | null
  team: number | null
  score: number
  joined: string
}

export interface GameQuestionsTable {
  game_id: string
  idx: number
  card_id: string | null
  /** JSON `{ text, imageId }`. */
  prompt: string
  /** JSON array of four `{ text, imageId }`. */
  choices: string
  correct_choice: number
}

export interface GameAnswersTable {
  player_id: string
  question_index: number
  game_id: string
  choice: number
  correct: number
  points: number
  answered_at: string
}

/** A rate-limit window shared by every server process (used on PostgreSQL; see server/http/rate-limit.ts). */
export interface RateLimitsTable {
  key: string
  /** Hits in the window so far. */
  count: number
  /** When the window ends, in epoch milliseconds. */
  reset_at_ms: number
}

export interface Database {
  plans: PlansTable
  users: UsersTable
  sessions: SessionsTable
  email_tokens: EmailTokensTable
  study_sets: StudySetsTable
  set_tags: SetTagsTable
  flashcards: FlashcardsTable
  media: MediaTable
  /** Pictures and recordings of import previews, until the import is confirmed (issue 27). */
  media_drafts: MediaTable
  contact_form_submissions: ContactFormSubmissionsTable
  learning_sessions: LearningSessionsTable
  study_progress: StudyProgressTable
  write_results: WriteResultsTable
  match_results: MatchResultsTable
  review_log: ReviewLogTable
  card_memory: CardMemoryTable
  user_settings: UserSettingsTable
  card_stars: CardStarsTable
  classes: ClassesTable
  class_members: ClassMembersTable
  class_sets: ClassSetsTable
  games: GamesTable
  game_players: GamePlayersTable
  game_questions: GameQuestionsTable
  game_answers: GameAnswersTable
  rate_limits: RateLimitsTable
  reminder_claims: ReminderClaimsTable
  folders: FoldersTable
  folder_sets: FolderSetsTable
  study_options: StudyOptionsTable
}
