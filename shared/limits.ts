/** Business constants (docs/content-rules.md, docs/study-rules.md), in one place for the server and the renderer. */
export const PASSWORD_MIN_LENGTH = 8
/** bcrypt reads at most 72 bytes; longer passwords would be silently cut. */
export const PASSWORD_MAX_BYTES = 72
export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 30
export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_TOOLTIP_MS = 3000

export const DEFAULT_PAGE_SIZE = 30
export const MAX_PAGE_SIZE = 500

export const SESSION_MODAL_COUNTDOWN_SECONDS = 5
export const SESSION_CHECK_INTERVAL_MS = 120_000
export const REALTIME_RECONNECT_DELAY_MS = 3000
export const REALTIME_RECONNECT_INTERVALS_MS = [200, 300, 500, 1000, 1200, 1500, 2000] as const
/** A realtime stream not open (its 'ready' event) this long after it was asked for is given up and asked for again. */
export const REALTIME_CONNECT_TIMEOUT_MS = 15_000
export const REDIRECT_DELAY_MS = 3000

export const DEFAULT_PLAN_NAME = 'Free'

/** Emailed links expire after these many seconds. */
export const EMAIL_TOKEN_TTL_SECONDS = {
  verification: 72 * 3600,
  passwordReset: 3600,
  emailChange: 3600,
} as const

/** Limits of saved set and card text (docs/content-rules.md, 'Saved text'). */
export const SET_LIMITS = {
  title: 45,
  description: 300,
  tag: 10,
  tagsPerSet: 10,
  term: 120,
  definition: 300,
} as const

/** Import files (docs/content-rules.md, 'Import'): at most 5 MB and 500 cards, the set's and cards' text limits. */
export const IMPORT_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  title: SET_LIMITS.title,
  description: SET_LIMITS.description,
  cards: 500,
  term: SET_LIMITS.term,
  definition: SET_LIMITS.definition,
}

/** Longest saved contact texts, in characters. */
export const CONTACT_LIMITS = {
  name: 100,
  subject: 150,
  message: 5000,
} as const

/** How long the contact form's success and rate-limited notices stay (docs/content-rules.md, 'Sessions and timing': 5 s). */
export const CONTACT_NOTICE_MS = 5000

/** Page sizes of the set screens (docs/content-rules.md, 'Lists and pages'): set lists and the detail's cards ask for 50. */
export const SET_LIST_PAGE_SIZE = 50
export const CARD_LIST_PAGE_SIZE = 50
/** Reading a whole list (e.g. every card, to sort the Terms list by mastery) asks for this many at a time. */
export const FULL_LIST_PAGE_SIZE = 500
/** The Flashcards view shows this many more cards each time 'Load More Cards' is pressed. */
export const FLASHCARDS_VIEW_STEP = 20

/** Study modes (docs/study-rules.md): Learn and Write fetch cards 100 at a time and play 10 per batch. */
export const STUDY_CARD_PAGE_SIZE = 100
export const STUDY_BATCH_SIZE = 10
/** Learn offers up to this many options: the right definition and other cards' definitions. */
export const LEARN_MAX_OPTIONS = 4
/** Match reads the set's first 50 cards and plays 10 of them (6 on phone-sized screens). */
export const MATCH_FETCH_LIMIT = 50
export const MATCH_CARDS = 10
export const MATCH_CARDS_PHONE = 6
/** Widest screen, in CSS pixels, that counts as phone-sized for Match. */
export const PHONE_MAX_WIDTH = 640
/** Card status by mastery rate (docs/study-rules.md, 'Mastery'): mastered at 80% or above, learning at 50% or above. */
export const MASTERY_THRESHOLDS = { mastered: 0.8, learning: 0.5 } as const
/** Longest Match game the server records, in seconds (a day). */
export const MATCH_MAX_SECONDS = 86_400

/**
 * How the renderer decides that it is offline (renderer/src/lib/connectivity.ts): a request with no
 * answer within `requestTimeoutMs` counts as a network failure; while offline, `/api/health` is
 * checked after each of `probeBackoffMs` in turn (the last repeats), each check given `probeTimeoutMs`.
 */
export const CONNECTIVITY = {
  requestTimeoutMs: 20_000,
  probeTimeoutMs: 5_000,
  probeBackoffMs: [1_000, 2_000, 4_000, 8_000, 10_000],
} as const

/** How long the header says "All answers synced" after the last waiting answer went through (ms). */
export const SYNCED_NOTICE_MS = 4000

/** How often the sets kept on the device are brought up to date while the app is open and online (ms; issue 31). */
export const OFFLINE_REFRESH_MS = 10 * 60_000

/** Habits (issue 31): the daily goal in answers a day, and the learn-ahead limit of the due list (Anki's, 20 minutes). */
export const DAILY_GOAL = { min: 0, max: 1000, default: 20 } as const
export const LEARN_AHEAD_MS = 20 * 60_000
/** Folders (issue 31): nested at most this many levels; a name's length; sets studied together at most. */
export const FOLDER_MAX_DEPTH = 5
export const FOLDER_NAME_MAX = 100
export const STUDY_TOGETHER_MAX_SETS = 50
/** The Progress page's calendar heat map covers this many days, today included. */
export const ACTIVITY_DAYS = 365

/** Class name limit: like a set title, a little longer for names such as 'Biology 7B, spring term'. */
export const CLASS_NAME_MAX = 60

/** The live class game (api.md, "Live class game"). */
export const GAME_LIMITS = {
  questionsMin: 5,
  questionsMax: 50,
  questionsDefault: 10,
  secondsMin: 5,
  secondsMax: 120,
  secondsDefault: 20,
  maxPlayers: 60,
  nickname: 20,
  teamSize: 4,
  /** A set needs this many cards with different answers: one right choice and three wrong ones. */
  choices: 4,
  /** Points for a right answer: the most at once, the least at the last moment. */
  pointsMax: 1000,
  pointsMin: 500,
  /** A game's code is free for a new game this long after it was created (an abandoned lobby). */
  codeLifetimeHours: 12,
} as const

/** Pictures and recordings. */
export const MEDIA_LIMITS = {
  /** Stored pictures are at most this many pixels on their long side (the browser may scale down first). */
  maxSide: 1600,
  /** Pictures with more pixels than this are refused before they are decoded (decompression bombs). */
  maxInputPixels: 40_000_000,
  /** Defaults of MEDIA_MAX_UPLOAD_MB and MEDIA_QUOTA_MB (server/config.ts). */
  defaultMaxUploadMb: 10,
  defaultQuotaMb: 500,
  /** Default of MEDIA_MAX_AUDIO_SECONDS. */
  defaultMaxAudioSeconds: 60,
} as const

/** Pasted text is capped like the JSON body (1 MB): about 5,000 full cards. */
export const MAX_PASTED_TEXT = 1_000_000

/* The memory model's limits (FSRS). */

/**
 * Desired retention: the chance of recalling a card on its due day. Higher means more reviews
 * for fewer lapses; FSRS's authors advise 0.80 to 0.97 (below, forgetting grows faster than the
 * reviews saved; above, the reviews needed grow steeply for little gain).
 */
export const DESIRED_RETENTION = { default: 0.9, min: 0.8, max: 0.97 } as const

/** A student's own FSRS parameters are fitted once they have this many reviews. */
export const PERSONAL_PARAMETERS_MIN_REVIEWS = 400

/** Days the answer route accepts an offline answer's time back to. */
export const ANSWER_MAX_AGE_DAYS = 30

/** The stats route's window, in days, and the due forecast's. */
export const STATS_DEFAULT_DAYS = 30
export const STATS_MAX_DAYS = 365
export const DUE_FORECAST_DAYS = 14

/** Cloze deletions are numbered c1 to c50 (Anki's own limit of the syntax's use). */
export const CLOZE_MAX_NUMBER = 50
