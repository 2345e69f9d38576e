/** The study feature's public entry: the set page shows the Terms and Flashcards views. */
export { FlashcardView, type FlashcardViewProps } from './flashcards/FlashcardView'
export { TermsList, type TermsListProps } from './terms/TermsList'
export { useCardProgress } from './useCardProgress'
export { useStudyOptions } from './useStudyOptions'
export { recordAnswer } from './study-api'
export { folderStudyId, togetherStudyId } from './composite'
export { CompositeFlashcards } from './CompositeFlashcards'
