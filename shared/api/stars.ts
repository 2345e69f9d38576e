import type * as Z from 'zod'
import type * as R from './responses'

/** GET /api/sets/:id/stars: the cards of the set the caller starred, in no particular order. */
export type StarsResponse = Z.output<typeof R.starsSchema>
