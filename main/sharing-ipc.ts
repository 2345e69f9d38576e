import type { IpcMainInvokeEvent } from 'electron'
import type { ElectronLike } from './electron-like'
import type { SharingController } from './sharing-controller'
import { SHARING_CHANNEL } from './sharing-channel'

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Lets the app's own window ask for sharing through the preload bridge (a "Share with my class"
 * button): status, start (which still asks the teacher to confirm in a native dialog) and stop.
 * Requests from any other origin are refused.
 */
export function handleSharingRequests(ipcMain: Pick<ElectronLike['ipcMain'], 'handle'>, controller: SharingController, appOrigin: string): void {
  ipcMain.handle(SHARING_CHANNEL, async (event: Pick<IpcMainInvokeEvent, 'senderFrame'>, command: unknown) => {
    if (originOf(event.senderFrame?.url) !== appOrigin) throw new Error('Sharing can only be changed from the Cardwise window.')
    if (command === 'start') return controller.start()
    if (command === 'stop') return controller.stop()
    return controller.status()
  })
}
