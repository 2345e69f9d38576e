import type { ClassRole, Classroom } from '#shared/api/classes'
import { toPublicUser } from '#server/features/accounts/account.service'
import type { ClassWithCounts } from './classes.repo'

/** The API shape of a class for a caller in `role`: only the teacher sees the join code. */
export function toClassroom(row: ClassWithCounts, role: ClassRole): Classroom {
  return {
    id: row.id,
    name: row.name,
    owner: toPublicUser({ id: row.owner_id, username: row.owner_username }),
    memberCount: row.member_count,
    role,
    ...(role === 'teacher' ? { joinCode: row.join_code } : {}),
    created: row.created,
    updated: row.updated,
  }
}
