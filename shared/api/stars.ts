/** GET /api/sets/:id/stars: the cards of the set the caller starred, in no particular order. */
export interface StarsResponse {
  cardIds: string[]
}
