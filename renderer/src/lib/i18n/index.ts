export {
  activateLocale,
  currentLocale,
  i18n,
  loadNamespace,
  localeFor,
  type MessageId,
  type Namespace,
  readLocaleChoice,
  startI18n,
  storeLocaleChoice,
  translate,
  withTexts,
} from './i18n'
export { T } from './Trans'
export { type Translate, useLocale, useT } from './useT'
export { sharedMessagesFor, translateShared, useShared, useSharedWhenLoaded } from './shared-messages'
export { formatDateTime, formatDay, formatFileSize, formatLanguageName, formatList, formatNumber, formatTimeUntil } from './format'
