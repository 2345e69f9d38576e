/** The import-export feature's public entry (each dialog is loaded lazily by the sets pages). */
export { ExportDialog } from './ExportDialog'
export { ImportDialog } from './ImportDialog'
