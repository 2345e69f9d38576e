import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron'
import { SHARING_CHANNEL, SHARING_STATUS_EVENT, type SharingCommand } from './sharing-channel'

interface SharingStatus {
  sharing: boolean
  url?: string
}

const ask = (command: SharingCommand): Promise<SharingStatus> => ipcRenderer.invoke(SHARING_CHANNEL, command)

/**
 * The small, optional bridge to the renderer: it tells the app it runs on the desktop, and offers
 * "Share with my class" (start asks the teacher to confirm in a native dialog first).
 */
contextBridge.exposeInMainWorld('cardwiseDesktop', {
  platform: process.platform,
  sharing: {
    status: () => ask('status'),
    start: () => ask('start'),
    stop: () => ask('stop'),
    /** Calls `listener` after every change (from the menu too); returns a function that stops it. */
    onChange(listener: (status: SharingStatus) => void): () => void {
      const handler = (_event: IpcRendererEvent, status: SharingStatus) => listener(status)
      ipcRenderer.on(SHARING_STATUS_EVENT, handler)
      return () => ipcRenderer.off(SHARING_STATUS_EVENT, handler)
    },
  },
})
