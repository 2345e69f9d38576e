/** Read-aloud (issue #19): the speaker button, its hook, and the languages sets are read in. */
export { SpeakButton } from './SpeakButton'
export { useSideLanguages, useSideLanguagesBySet, useSpeech, useVoices } from './useSpeech'
export { itemLanguages, LANGUAGE_CHOICES, languageOptions, listedTag, type SideLanguages } from './speech'
