/**
 * Learn and Write keep their place across a reload: the engine's state is kept in the tab's
 * sessionStorage after every step, with each card written as its id, and read back only over the
 * same cards (a set edited meanwhile starts afresh). A finished session leaves nothing behind.
 */

interface CardLike {
  id: string
}

/** A state whose `cards` are the set's cards; other fields may hold the same card objects. */
interface PlaceState {
  cards: readonly CardLike[]
}

const CARD_REF = '$card'

const placeKey = (mode: string, setId: string) => `cardwise.place.${mode}.${setId}`

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** The state as JSON, each of its cards (by identity) as `{ "$card": id }` and `cards` as their ids. */
export function placeToJson(state: PlaceState): string {
  const cards = new Set<unknown>(state.cards)
  return JSON.stringify({ ...state, cards: state.cards.map((card) => card.id) }, (key, value: unknown) =>
    key !== '' && cards.has(value) ? { [CARD_REF]: (value as CardLike).id } : value,
  )
}

/** The state back from `placeToJson` over `cards`, or undefined when the cards are not the same. */
export function placeFromJson<S extends PlaceState>(json: string, cards: S['cards']): S | undefined {
  try {
    const byId = new Map(cards.map((card) => [card.id, card]))
    const parsed = JSON.parse(json, (_key, value: unknown) => {
      if (value && typeof value === 'object' && CARD_REF in value) {
        const card = byId.get(String((value as Record<string, unknown>)[CARD_REF]))
        if (!card) throw new Error('a card of the kept place is gone')
        return card
      }
      return value
    }) as Omit<S, 'cards'> & { cards: unknown }
    const ids = parsed.cards
    if (!Array.isArray(ids) || ids.length !== cards.length || ids.some((id, index) => id !== cards[index]?.id)) return undefined
    return { ...parsed, cards } as unknown as S
  } catch {
    return undefined
  }
}

export function keepPlace<S extends PlaceState>(mode: string, setId: string, state: S): void {
  try {
    storage()?.setItem(placeKey(mode, setId), placeToJson(state))
  } catch {
    // Storage full or refused: the place is simply not kept.
  }
}

export function readPlace<S extends PlaceState>(mode: string, setId: string, cards: S['cards']): S | undefined {
  const json = storage()?.getItem(placeKey(mode, setId))
  return json ? placeFromJson<S>(json, cards) : undefined
}

export function forgetPlace(mode: string, setId: string): void {
  storage()?.removeItem(placeKey(mode, setId))
}
