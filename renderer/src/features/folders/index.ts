/** The folders feature's public entry (issue 31): My Sets' folders and study together, and a folder's page. */
export { FolderOrganizer, FoldersSection, SetFolderTools, StudyTogetherBar } from './FolderOrganizer'
export { FolderView } from './FolderPage'
export { foldersApi } from './folders-api'
