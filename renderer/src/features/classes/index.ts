/** The classes feature's public entry: My Sets shows the sets of the student's classes. */
export { ClassSetsSection } from './ClassSetsSection'
export { sharingBridge, useDesktopSharing } from './desktop-sharing'
