import type * as Electron from 'electron'

/**
 * The parts of the `electron` module the desktop app uses. main/index.ts passes the real module;
 * the tests pass a small fake, since no Electron binary runs on the build machines.
 */
export type ElectronLike = Pick<typeof Electron, 'app' | 'BrowserWindow' | 'dialog' | 'shell' | 'Menu' | 'screen' | 'session' | 'ipcMain' | 'Notification'>

export type WindowLike = Electron.BrowserWindow
export type WebContentsLike = Pick<Electron.WebContents, 'on' | 'setWindowOpenHandler'>
export type ShellLike = Pick<Electron.Shell, 'openExternal' | 'openPath'>
export type Rectangle = Electron.Rectangle
