/** The study feature's public entry: the set page shows the Terms and Flashcards views. */
export { FlashcardView } from './flashcards/FlashcardView'
export { TermsList } from './terms/TermsList'
export { useCardProgress } from './useCardProgress'
export { useStudyOptions } from './useStudyOptions'
export { recordAnswer } from './study-api'
export { AnswerContent, AnswerPictures, answerWords, isMediaOnly, SidePicture, withPictureAnswers } from './card-pictures'
export { isStarredOnly, STARRED_PARAM, starredParams, StarredOnlyChoice, useStarredCards, useStars, withStarred } from '@/features/stars'
export {
  itemLanguages,
  LANGUAGE_CHOICES,
  languageOptions,
  listedTag,
  SpeakButton,
  useSideLanguages,
  useSideLanguagesBySet,
  type SideLanguages,
} from './read-aloud'
export { folderStudyId, togetherStudyId } from './composite'
export { CompositeFlashcards } from './CompositeFlashcards'
export { ClozeFilled, PromptExtra } from './prompts/ClozeBack'
