export { AudioButton, soundButtonClass } from './AudioButton'
export { CardSide, type CardSideProps, RecordingLabel } from './CardSide'
export { FormulaText } from './FormulaText'
