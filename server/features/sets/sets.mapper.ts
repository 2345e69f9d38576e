import type { StudySet } from '#shared/api/sets'
import { toPublicUser } from '#server/features/accounts/account.service'
import type { StudySetWithOwner } from './sets.repo'

/** The API shape of a set, with its owner as `{ id, username }` (or null if the account is gone). */
export function toStudySet(row: StudySetWithOwner): StudySet {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    isPublic: row.is_public === 1,
    cardCount: row.card_count,
    owner: row.owner_username === null ? null : toPublicUser({ id: row.owner_id, username: row.owner_username }),
    created: row.created,
    updated: row.updated,
    termLanguage: row.term_language,
    definitionLanguage: row.definition_language,
    copiedFromSetId: row.copied_from_set_id,
  }
}
