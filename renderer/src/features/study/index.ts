/** The study feature's public entry: the Terms and Flashcards views and a folder's flashcards (for pages), its hooks and calls. */
export { FlashcardView, type FlashcardViewProps } from './flashcards/FlashcardView'
export { TermsList, type TermsListProps } from './terms/TermsList'
export { useCardProgress } from './useCardProgress'
export { useStudyOptions } from './useStudyOptions'
export { recordAnswer } from './study-api'
export { folderStudyId, togetherStudyId } from './composite'
export { CompositeFlashcards } from './CompositeFlashcards'
