import { lazy } from 'react'

/**
 * The set's edit dialog, loaded the first time a set is edited (on My Sets or the set page): its
 * form brings the text checks (zod and the profanity word list), which a list or a visitor never
 * needs. One lazy component for both pages, so a dialog loaded on one opens at once on the other.
 */
export const EditSetDialog = lazy(() => import('./EditSetDialog').then((m) => ({ default: m.EditSetDialog })))
