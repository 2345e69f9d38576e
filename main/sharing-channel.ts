/** The IPC names of the sharing bridge, shared by the main process and the preload script. */
export const SHARING_CHANNEL = 'cardwise:sharing'
/** Sent to the window after every change of sharing, with the new status. */
export const SHARING_STATUS_EVENT = 'cardwise:sharing-status'
export type SharingCommand = 'status' | 'start' | 'stop'
