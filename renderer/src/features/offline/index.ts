/**
 * The offline feature's public entry: sets kept on the device for studying without a network, and
 * answers queued until it returns (IndexedDB; idb itself loads only when first used).
 */
export { AvailableOfflineToggle } from './AvailableOfflineToggle'
export { OfflineBadge } from './OfflineBadge'
export { OfflineDeadEnd } from './OfflineDeadEnd'
export {
  flushAnswers,
  markAvailableOffline,
  queueAnswer,
  readOfflineDue,
  readKeptSets,
  readOfflineSet,
  readWaitingCardIds,
  rememberProgress,
  rememberSet,
  rememberStarred,
  startOfflineSync,
} from './offline-sync'
