import bcrypt from 'bcryptjs'
import type { AppConfig } from '#server/config'
import type { Clock } from '#server/clock'
import type { DB } from '#server/db/database'
import { newGuid, newId } from '#server/db/ids'
import { insertSession } from '#server/features/accounts/accounts.repo'
import { signAuthToken } from '#server/access/tokens'
import { insertCards } from '#server/features/sets/cards.repo'
import { insertSet, replaceSetTags } from '#server/features/sets/sets.repo'
import { newSetRow } from '#server/features/sets/sets.service'
import { findPlanByName, insertUser } from '#server/features/accounts/accounts.repo'

/**
 * Factories after Outline's `buildUser` / `buildSet`: rows made through the repositories, for
 * tests that are not about registration, login or the set routes. A user costs no bcrypt hash of
 * its own (they share one, made once per process) and no mail; the token is signed as a login
 * signs it, for a session of its own.
 */

/** What a factory needs of a running test app. */
export interface FactoryApp {
  db: DB
  config: AppConfig
  clock: Clock
}

export interface BuiltUser {
  id: string
  username: string
  email: string
  password: string
  token: string
}

/** The password every built user has. */
export const BUILT_PASSWORD = 'correct horse battery'

/** One hash of BUILT_PASSWORD per cost, shared by every built user. */
const hashes = new Map<number, Promise<string>>()
const passwordHash = (cost: number) => {
  let hash = hashes.get(cost)
  if (!hash) hashes.set(cost, (hash = bcrypt.hash(BUILT_PASSWORD, cost)))
  return hash
}

let userCounter = 0

/** A user (verified unless told otherwise) with a signed-in token. */
export async function buildUser(app: FactoryApp, options: { username?: string; verified?: boolean; locale?: string } = {}): Promise<BuiltUser> {
  userCounter += 1
  const username = options.username ?? `built${userCounter}_${newId().slice(0, 6)}`
  const email = `${username.toLowerCase()}@example.org`
  const plan = await findPlanByName(app.db, 'Free')
  if (!plan) throw new Error('the Free plan is missing')
  const now = app.clock.now().toISOString()
  const user = {
    id: newId(),
    username,
    email,
    password_hash: await passwordHash(app.config.bcryptCost),
    token_key: newId() + newId(),
    verified: options.verified === false ? 0 : 1,
    plan_id: plan.id,
    avatar: null,
    locale: options.locale ?? null,
    created: now,
    updated: now,
  }
  await insertUser(app.db, user)
  const session = { id: newId(), user_id: user.id, created: now, last_used: now }
  await insertSession(app.db, session)
  const token = await signAuthToken({ secret: app.config.authSecret, ttlSeconds: app.config.tokenTtlSeconds, clock: app.clock }, user, session.id)
  return { id: user.id, username, email, password: BUILT_PASSWORD, token }
}

export interface BuiltSet {
  id: string
  title: string
}

/** A set of `owner` (private unless `isPublic`) with `cards` as [term, definition] pairs at positions 1..n. */
export async function buildSet(
  app: FactoryApp,
  owner: { id: string },
  options: { title?: string; description?: string; tags?: string; isPublic?: boolean; cards?: Array<[string, string]> } = {},
): Promise<BuiltSet & { cardIds: string[] }> {
  const now = app.clock.now().toISOString()
  const id = newId()
  const cards = (options.cards ?? []).map(([term, definition], index) => ({
    id: newId(),
    study_set_id: id,
    term,
    definition,
    position: index + 1,
    created: now,
    guid: newGuid(),
  }))
  const title = options.title ?? 'Built set'
  const tags = options.tags ?? ''
  await app.db.transaction().execute(async (trx) => {
    await insertSet(
      trx,
      newSetRow(owner.id, { id, title, description: options.description ?? '', tags, isPublic: options.isPublic ?? false, cardCount: cards.length }, now),
    )
    await replaceSetTags(trx, id, tags)
    await insertCards(trx, cards)
  })
  return { id, title, cardIds: cards.map((card) => card.id) }
}
