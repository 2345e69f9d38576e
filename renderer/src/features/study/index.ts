/** The study feature's public entry: the set page shows the Terms and Flashcards views. */
export { FlashcardView } from './flashcards/FlashcardView'
export { TermsList } from './terms/TermsList'
export { useCardProgress } from './useCardProgress'
export { recordAnswer } from './study-api'
export { AnswerContent, AnswerPictures, answerWords, SidePicture, withPictureAnswers } from './card-pictures'
export { isStarredOnly, starredParams, StarredOnlyChoice, useStarredCards, useStars, withStarred } from './stars'
export { LANGUAGE_CHOICES, languageOptions, listedTag, SpeakButton, useSideLanguages, useSideLanguagesBySet, type SideLanguages } from './read-aloud'
