import type { Contract, RouteName } from '#shared/api/contract'
import type { accountContracts } from './contracts/accounts'
import type { classContracts, gameContracts } from './contracts/classes'
import type { folderContracts, reminderContracts, studyOptionContracts } from './contracts/habits'
import type { contactContracts, importContracts, mediaContracts, serverContracts } from './contracts/misc'
import type { setContracts, starContracts } from './contracts/sets'
import type { memoryContracts, studyContracts } from './contracts/study'

/**
 * Every route's contract by its name, `'METHOD /api/path'`: what the renderer's client calls a
 * route by (types only: the renderer's bundle carries no schema for it).
 */
type Built<T> = T extends (...args: never[]) => infer R ? R : T
type Each<T> = Built<T>[keyof Built<T>]
type AnyContract =
  | Each<typeof accountContracts>
  | Each<typeof setContracts>
  | Each<typeof starContracts>
  | Each<typeof studyContracts>
  | Each<typeof memoryContracts>
  | Each<typeof classContracts>
  | Each<typeof gameContracts>
  | Each<typeof mediaContracts>
  | Each<typeof importContracts>
  | Each<typeof contactContracts>
  | Each<typeof serverContracts>
  | Each<typeof folderContracts>
  | Each<typeof studyOptionContracts>
  | Each<typeof reminderContracts>

export type ApiRoutes = { [C in AnyContract as C extends Contract ? RouteName<C> : never]: C }
export type ApiRoute = keyof ApiRoutes
