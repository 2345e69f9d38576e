import type { z } from 'zod'
import { DEFAULT_STUDY_OPTIONS, type StudyOptions, type habitSchemas, studyOptionsSchema } from '#shared/api/habits'
import type { DB } from '#server/db/database'
import type { Deps } from '#server/deps'
import type { AuthState } from '#server/access/caller'
import { assertReadableSet } from '#server/access/sets'

type OptionsChange = z.output<typeof habitSchemas.studyOptions>

/*
 * Study options kept per set per student (issue 31): shuffle, starred only, what to answer with,
 * and Learn's and Test's question types. Stored as JSON, read through the same schema, so a row
 * written by an older version (or a value no longer offered) falls back to the default.
 */

async function storedOptions(db: DB, userId: string, setId: string): Promise<StudyOptions> {
  const row = await db.selectFrom('study_options').select('options').where('user_id', '=', userId).where('study_set_id', '=', setId).executeTakeFirst()
  if (!row) return DEFAULT_STUDY_OPTIONS
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(row.options) as Record<string, unknown>
  } catch {
    // A broken row reads as the defaults.
  }
  const options: Record<string, unknown> = { ...DEFAULT_STUDY_OPTIONS }
  for (const [key, value] of Object.entries(studyOptionsSchema.shape)) {
    const parsed = value.safeParse(stored[key])
    if (parsed.success) options[key] = parsed.data
  }
  return options as unknown as StudyOptions
}

export async function getOptions(deps: Deps, auth: AuthState, setId: string): Promise<StudyOptions> {
  await assertReadableSet(deps.db, setId, auth)
  return storedOptions(deps.db, auth.user.id, setId)
}

export async function updateOptions(deps: Deps, auth: AuthState, setId: string, change: OptionsChange): Promise<StudyOptions> {
  await assertReadableSet(deps.db, setId, auth)
  const options = { ...(await storedOptions(deps.db, auth.user.id, setId)), ...change }
  const json = JSON.stringify(options)
  const updated = deps.clock.now().toISOString()
  await deps.db
    .insertInto('study_options')
    .values({ user_id: auth.user.id, study_set_id: setId, options: json, updated })
    .onConflict((oc) => oc.columns(['user_id', 'study_set_id']).doUpdateSet({ options: json, updated }))
    .execute()
  return options
}
