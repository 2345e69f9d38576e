/**
 * The offline feature's public entry: sets kept on the device for studying without a network, and
 * answers queued until it returns (IndexedDB; idb itself loads only when first used).
 */
export { AvailableOfflineToggle } from './AvailableOfflineToggle'
export { OfflineBadge } from './OfflineBadge'
export {
  flushAnswers,
  markAvailableOffline,
  queueAnswer,
  readOfflineDue,
  readOfflineSet,
  readWaitingCardIds,
  rememberProgress,
  rememberSet,
  rememberStarred,
  startOfflineSync,
} from './offline-sync'
