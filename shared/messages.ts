import { LOCALES } from './i18n/locales'
import type { MediaAudioType } from './api/media'
import { GAME_LIMITS, IMPORT_LIMITS, MEDIA_LIMITS, SET_LIMITS } from './limits'

/** The product's exact user-facing texts (docs/content-rules.md lists where each kind is used), shared by server and renderer. */
export const messages = {
  defaultError: 'Something went wrong while processing your request.',
  offline: 'You are offline. This needs a connection.',

  passwordTooShort: 'Password too short',
  passwordTooLong: 'Password must be at most 72 bytes long.',
  passwordHint: 'Must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  profilePasswordsDoNotMatch: 'Passwords do not match.',
  passwordRequired: 'Password is required.',
  oldPasswordRequired: 'Old password is required.',
  oldPasswordWrong: 'Old password is incorrect.',
  passwordWrong: 'Password is incorrect.',

  usernameRequired: 'Username is required.',
  usernameLength: 'Username must be 3 to 30 characters long.',
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores.',
  usernameProfane: 'Username contains inappropriate words. Please choose a different username.',
  usernameTaken: 'This username is already taken.',

  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email is already in use.',
  emailUnchanged: 'This is already your email address.',

  identityRequired: 'Email or username is required.',
  failedToAuthenticate: 'Failed to authenticate.',
  /** What the login form shows for the server's failedToAuthenticate: which way to go (issue 32). */
  wrongCredentials: 'Wrong email or password. Check them and try again, or reset your password below.',
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',

  tokenRequired: 'Token is required.',
  tokenInvalid: 'This link is invalid or has expired.',
  resetLinkInvalid: 'This reset link has expired or is invalid. Please request a new one.',
  resetNoToken: 'No reset token provided. Please request a new password reset link.',
  resetBadRequest: 'Invalid request. Please check your input and try again.',
  resetOtherFailure: 'Something went wrong. Please try again or request a new reset link.',
  resetSuccessTitle: 'Password Reset Successful!',

  verificationFailed: "We couldn't verify your email. The link might be expired or invalid.",
  forgotPasswordSent: 'If an account with that email exists, a password reset email has been sent.',
  forgotPasswordFailed: 'Failed to request password reset. Please try again.',

  passwordUpdated: 'Password updated successfully!',
  allPasswordsRequired: 'All three password fields are required.',
  passwordUpdateFailed: (message: string) => `Password update failed: ${message}`,
  emailChangeRequested: 'Email change request sent. Please check your inbox.',
  emailChangeFailed: (message: string) => `Email change failed: ${message}`,
  emailChanged: 'Email changed successfully!',
  invalidConfirmationLink: 'Invalid confirmation link.',

  unauthenticated: 'You need to be signed in to do that.',
  unverified: 'Please verify your email address first.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'The requested resource was not found.',
  methodNotAllowed: 'Method Not Allowed',
  rateLimited: 'Too Many Requests',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Request bodies must be JSON (application/json).',
  invalidJson: 'The request body is not valid JSON.',
  invalidInput: 'Some fields are not valid.',
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const

/** Session-invalidated modal texts (the session-invalidated dialog). */
export const sessionMessages = {
  expired: 'Your session has expired. Please log in again.',
  credentialsChanged: 'Your account credentials have been updated.',
  noLongerValid: 'Your session is no longer valid.',
  deleted: 'Your account has been deleted.',
  periodicCheckFailed: 'Your session has expired.',
  defaultTitle: 'Session Invalidated',
  defaultMessage: 'Your session has been invalidated. You will be redirected to the login page.',
} as const

/** Study-set screen texts (the set page, its dialogs and the study modes). */
export const setMessages = {
  createFailed: 'Failed to create study set',
  updateFailed: 'Failed to update study set',
  addCardFailed: 'Failed to add flashcard',
  updateCardFailed: 'Failed to update flashcard',
  reverseAdded: 'Every card is now also asked in reverse (definition to term).',
  deleteSetConfirm: 'Are you sure you want to delete this study set?',
  deleteCardConfirm: 'Are you sure you want to delete this flashcard?',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: 'Failed to copy link. Please copy manually.',
  notFound: 'Study set not found',
  loading: 'Loading...',
  loadingSets: 'Loading study sets...',
  noSetsFound: 'No study sets found',
  noSetsHint: 'Try adjusting your search terms or tag filters.',
  loadError: (message: string) => `Error: ${message}`,
} as const

/** Field messages (docs/content-rules.md, 'Saved text'), for a set or card field shown to the user as `label`. */
export const textMessages = {
  empty: (label: string) => `${label} cannot be empty.`,
  profane: (label: string) => `${label} contains inappropriate words. Please revise.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  tagsNotText: 'Tags must be text.',
  tooManyTags: `A set can have at most ${SET_LIMITS.tagsPerSet} tags.`,
  isPublicNotBoolean: 'isPublic must be true or false.',
  languageTag: 'Language must be a language tag such as en or ja.',
}

/** Card kinds and prompts (issue 26, docs/content-rules.md, 'Cards'). */
export const cardMessages = {
  kind: "kind must be 'basic' or 'cloze'.",
  reverseNotBoolean: 'reverse must be true or false.',
  clozeWithoutDeletion: 'A cloze card needs at least one deletion, such as {{c1::answer}}.',
  reverseOnCloze: 'Only a basic card can be asked in reverse.',
  promptNotOfCard: 'This card has no such prompt.',
  promptShape: "prompt must be 'f', 'r' or 'c1' to 'c50'.",
  guid: 'guid must be 1 to 100 characters of text without control characters.',
} as const

/** The contact form's notices (docs/content-rules.md, 'Sessions and timing'). */
export const contactMessages = {
  sent: "Thank you for your message! We'll get back to you soon.",
  rateLimited: 'Too many attempts. Please try again later.',
  failed: 'Failed to submit contact form',
} as const

/** The import dialog's messages (docs/content-rules.md, 'Import'). */
export const importMessages = {
  unsupportedType: 'Only JSON and CSV files are supported',
  /** The import preview's refusal of another file type: `extensions` as `.apkg, .colpkg, ...`. */
  unsupportedFile: (extensions: string) => `Only ${extensions} files are supported`,
  tooLarge: `File size exceeds the maximum limit of ${IMPORT_LIMITS.fileBytes / (1024 * 1024)}MB`,
  noFile: 'Please select a file',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be less than ${IMPORT_LIMITS.title} characters`,
  descriptionTooLong: `Description must be less than ${IMPORT_LIMITS.description} characters`,
  invalidJson: 'Invalid JSON format',
  jsonNotArray: 'JSON must contain an array of flashcards',
  csvNoRows: 'CSV must contain at least one row of data',
  csvInvalid: (detail: string) => `Invalid CSV format: ${detail}`,
  tooManyCards: `Maximum of ${IMPORT_LIMITS.cards} flashcards allowed`,
  noValidCards: 'No valid flashcards found in file',
  unsupportedFormat: 'Unsupported file format',
  /** The server's answers to an upload or a preview it could not read (POST /api/imports/preview). */
  uploadUnreadable: 'The upload could not be read.',
  uploadTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  previewTooSlow: 'This file took too long to read; it may be too large or damaged.',
  previewUnreadable: 'This file could not be read.',
}

/** The API's answers about sets, cards and study records the caller may not see or change (the error body's message). */
export const apiMessages = {
  setNotFound: setMessages.notFound,
  cardNotFound: 'Flashcard not found',
  sessionNotFound: 'Learning session not found',
  sessionCompleted: 'This learning session is already completed.',
} as const

/** The app's own error page, inside the shell, when a page's code cannot load or the page fails (issue 32). */
export const routeErrorMessages = {
  title: 'This page could not be loaded',
  offline: 'You are offline, and this page was not saved on this device. Connect to the internet and try again.',
  failed: 'Something went wrong while opening this page. Please try again.',
  tryAgain: 'Try again',
  mySets: 'Go to My Sets',
} as const

/** The Flashcards view's round summary (issue 32). */
export const flashcardMessages = {
  studyLearning: (count: number) => `Study the ${count} still learning`,
} as const

/** Offline: what the device holds and what needs a connection (issue 32). */
export const offlineMessages = {
  keptMark: 'Kept on this device',
  mySetsOffline: 'These are the sets kept on this device; they open without a connection.',
  setNotKept:
    'This set is not kept on this device, so it cannot open while you are offline. Sets you open while online are kept, and "Available offline" keeps one for good.',
  progressOffline: 'Your progress charts need a connection: they are worked out on the server from all your answers.',
  keptHeading: 'Sets you can study offline',
  noneKept: 'No sets are kept on this device yet. Open a set while online to keep it.',
  backToMySets: 'Go to My Sets',
  synced: 'All answers synced',
  refusedHeading: 'Some answers could not be saved',
  /** Answers given offline that the server refused later (issue 31), per set. */
  refused: (count: number, title: string | null) =>
    `${count} ${count === 1 ? 'answer' : 'answers'} to ${title === null ? 'a set' : `"${title}"`} could not be saved: the set or its cards were deleted, or the set is no longer open to you.`,
  refusedRest: 'Your other answers are not affected.',
  refusedDismiss: 'OK',
} as const

/** Goals, streaks, reminders and folders (issue 31). */
export const habitMessages = {
  folderNotFound: 'Folder not found',
  folderCycle: 'A folder cannot be moved into itself or one of its sub-folders.',
  folderTooDeep: 'Folders can be nested at most 5 levels deep.',
  folderNameRequired: 'Folder name is required.',
  folderNameLength: 'Folder name must be at most 100 characters long.',
  timeZoneInvalid: 'timeZone must be an IANA time zone name, such as Europe/Paris.',
  reminderTokenInvalid: 'This unsubscribe link is not valid.',
  reminderSubject: (due: number) => `${due} ${due === 1 ? 'card is' : 'cards are'} due`,
  unsubscribed: 'You will no longer get reminder emails. You can turn them back on in your Profile.',
  reminderNotification: (due: number) => `${due} ${due === 1 ? 'card is' : 'cards are'} due. Open Review to keep your streak.`,
  goalProgress: (done: number, target: number) => `${done} of ${target} answers today`,
} as const

/** The names of the fields that textMessages' `label` names, translated with the message (issue 30). */
export const fieldLabels = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  term: 'Term',
  definition: 'Definition',
  tag: 'Tag',
  nickname: 'Nickname',
  subject: 'Subject',
  message: 'Message',
  search: 'Search',
} as const

/**
 * The API's request-checking messages that are still written beside their schemas (shared/api/*.ts), as the
 * patterns they follow (`field` is the API's own field name, such as `page` or `shuffle`, and stays as it is).
 * The server finds the English text it is about to send among these and answers in the request's language
 * (shared/i18n/translate.ts); shared/i18n/catalog-check.test.ts checks that each is still written somewhere.
 */
export const requestMessages = {
  trueOrFalse: (field: string) => `${field} must be true or false.`,
  wholeNumber: (field: string) => `${field} must be a whole number.`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}.`,
  atMost: (field: string, max: number) => `${field} must be at most ${max}.`,
  between: (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}.`,
  either: (field: string, first: string, last: string) => `${field} must be ${first} or ${last}.`,
  oneOf: (field: string, values: string) => `${field} must be one of ${values}.`,
  someOf: (field: string, values: string) => `${field} must be some of ${values}.`,
  anId: (field: string) => `${field} must be an id.`,
  aList: (field: string) => `${field} must be a list.`,
  required: (field: string) => `${field} is required.`,
  tooLarge: (field: string) => `${field} is too large.`,
  farTooLong: (field: string) => `${field} is far too long.`,
  negative: (field: string) => `${field} cannot be negative.`,
  typeTwice: (field: string) => `${field} lists a type twice.`,
  needsQuestionType: (field: string) => `${field} needs at least one question type.`,
  questionKinds: (mode: string, kinds: string) => `${mode} asks ${kinds} questions.`,
  pageWholeNumber: 'Must be a whole number.',
  pageAtLeastOne: 'Must be at least 1.',
  pageAtMost: (max: number) => `Must be at most ${max}.`,
  setId: 'setId must be a set id.',
  folderId: 'folderId must be a folder id.',
  setIdShape: 'setId is not a set id.',
  classIdShape: 'classId is not a class id.',
  cardIdShape: 'cardId is not a card id.',
  setIds: 'setIds must list set ids, separated by commas.',
  setIdsTooMany: (max: number) => `setIds may list at most ${max} sets.`,
  reminderHour: 'reminderEmail must be null or an hour from 0 to 23.',
  rating: 'rating must be 1, 2, 3 or 4.',
  clientId: 'clientId must be 1 to 64 letters, digits, _ or -.',
  answeredAt: 'answeredAt must be an ISO date and time.',
  durationMs: 'durationMs must be a whole number of milliseconds.',
  durationAtMostDay: 'durationMs must be at most a day.',
  desiredRetention: 'desiredRetention must be a number.',
  formatCsv: "format must be 'csv'.",
  pasteText: 'Paste the text to import.',
  pastedTextTooLong: 'The pasted text is too long (at most 1,000,000 characters).',
  separatorNotText: 'A separator must be text.',
  separatorEmpty: 'A separator cannot be empty.',
  separatorTooLong: 'A separator can be at most 10 characters.',
  chooseSet: 'Choose at least one set to import.',
  descriptionNotText: 'Description must be text.',
  flashcardShape: 'Each flashcard must be an object with a term and a definition.',
  flashcardTerm: 'Each flashcard needs a term as text.',
  flashcardDefinition: 'Each flashcard needs a definition as text.',
  pictureId: 'A picture must be given by its id (from POST /api/media) or null.',
  pictureReference: 'A picture must be a media id or a data: URL.',
  pictureDataUrl: 'A picture must be a media id or a data:image/...;base64 URL.',
  pictureTooLarge: 'This picture is too large.',
  locale: `locale must be one of ${LOCALES.join(', ')}, or null (automatic).`,
  unknownHost: 'This server does not answer to that address. Open Cardwise at the address you were given.',
} as const

/** Classes (api.md, classes). */
export const classMessages = {
  notFound: 'Class not found',
  memberNotFound: 'Student not found in this class',
  codeRequired: 'Join code is required.',
  codeUnknown: 'No class has this join code. Check it with your teacher.',
  teacherCannotLeave: 'A teacher cannot leave their own class. Delete the class instead.',
  setIdRequired: 'setId is required.',
  setNotAssigned: 'This set is not assigned to the class.',
  dueAt: 'dueAt must be a date and time (ISO 8601), or null.',
} as const

/** The live class game (api.md, "Live class game"). */
export const gameMessages = {
  notFound: 'Game not found',
  codeUnknown: 'No game has this code. Check the code on the big screen.',
  codeInvalid: 'The game code is 6 digits.',
  nicknameTaken: 'This nickname is taken in this game. Choose another one.',
  full: `This game is full (${GAME_LIMITS.maxPlayers} players).`,
  started: 'This game has already started. Wait for the next one.',
  ended: 'This game has ended.',
  notStarted: 'The game has not started yet.',
  noPlayers: 'At least one player must join before the game starts.',
  alreadyStarted: 'The game has already started.',
  alreadyAnswered: 'You have already answered this question.',
  closed: 'This question is closed.',
  movedOn: 'The game has moved on already. Try again.',
  setTooSmall: `A live game needs a set with at least ${GAME_LIMITS.choices} cards with different answers.`,
  setIdRequired: 'setId is required.',
  mode: 'Mode must be solo or teams.',
  questionCount: `Number of questions must be between ${GAME_LIMITS.questionsMin} and ${GAME_LIMITS.questionsMax}.`,
  seconds: `Seconds per question must be between ${GAME_LIMITS.secondsMin} and ${GAME_LIMITS.secondsMax}.`,
  index: 'index must be the number of the question.',
  choice: 'choice must be 0, 1, 2 or 3.',
  playersOnly: 'Only the players of the game answer: send your player token.',
} as const

/** Pictures and recordings. */
export const mediaMessages = {
  notAnImage: 'This file is not a PNG, JPEG, WebP or GIF image.',
  wrongContentType:
    'Send the picture or recording itself as the body, with Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm or audio/mp4.',
  /** The bytes are not the audio container the Content-Type names. */
  notAudio: (type: string) => `This file is not ${AUDIO_NAMES[type as MediaAudioType] ?? 'a recording'} with sound in it.`,
  /** The container parsed, but says nothing of how long it plays. */
  unknownDuration: 'The length of this recording cannot be read from the file. Save it again (MP3, Ogg, WAV, WebM or MP4) and retry.',
  audioTooLong: (seconds: number, maxSeconds: number) => `This recording is ${seconds} seconds long; at most ${maxSeconds} seconds are allowed.`,
  /** The card editor's refusals before anything is sent. */
  notARecording: 'This file is not a recording: choose an MP3, Ogg, WAV, WebM or MP4 audio file.',
  cannotRecord: 'This browser cannot record sound. Upload a recording instead.',
  noMicrophone: 'The microphone is not available. Allow it for this site, or upload a recording instead.',
  uploadFailed: 'The recording could not be uploaded. Try again.',
  /** A card names a recording id the caller has not uploaded (or that is a picture). */
  unknownAudio: 'This recording was not found. Upload it again.',
  polyglot: 'This picture carries other data besides the image (a file hidden in it). Save it again as a plain image and retry.',
  cannotDecode: 'This picture could not be read: the file is damaged or incomplete.',
  tooManyPixels: (width?: number, height?: number) =>
    width && height
      ? `This picture is too large to process: ${width} × ${height} pixels is more than ${MEDIA_LIMITS.maxInputPixels / 1_000_000} megapixels.`
      : `This picture is too large to process: it has more than ${MEDIA_LIMITS.maxInputPixels / 1_000_000} megapixels.`,
  tooLarge: (maxBytes: number) => `This picture is larger than ${sizeText(maxBytes)}. Scale it down or choose a smaller file.`,
  quotaFull: (quotaBytes: number) =>
    `Your picture storage is full (${sizeText(quotaBytes)}). Remove pictures from cards or sets you no longer need, then try again.`,
  notFound: 'Image not found',
  /** A card names an image id the caller has not uploaded (or that was removed). */
  unknownImage: 'This picture was not found. Upload it again.',
} as const

/** A size as people read it: '10 MB', '1.5 MB', '200 KB'. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** How the refusals name each container. */
const AUDIO_NAMES: Record<MediaAudioType, string> = {
  'audio/mpeg': 'an MP3 file',
  'audio/ogg': 'an Ogg file',
  'audio/wav': 'a WAV file',
  'audio/webm': 'a WebM file',
  'audio/mp4': 'an MP4 audio file',
}
