import { contextBridge } from 'electron'

/** The small, optional bridge to the renderer: it only tells the app it runs on the desktop. */
contextBridge.exposeInMainWorld('cardwiseDesktop', { platform: process.platform })
