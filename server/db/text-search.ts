import { type Expression, type SqlBool, sql } from 'kysely'

/** `text` as a LIKE pattern that matches it literally anywhere ('%' and '_' escaped). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * Case-insensitive "contains" on a column: lower() on both sides, so it behaves the same on
 * SQLite (whose LIKE ignores ASCII case only) and PostgreSQL (whose LIKE is case-sensitive).
 */
export function containsIgnoringCase(column: Expression<string>, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`
}
