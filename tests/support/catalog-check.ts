/**
 * The checks every translation table passes (issue 30), shared by the catalog tests of shared/i18n,
 * server/mail and main/: the same keys as English, every English fill-in and number kept, no
 * key that nothing uses.
 */

type Table = Record<string, unknown>
type Text = (...args: unknown[]) => string

/** The `{name}` placeholders and the numbers of a text. */
export function marks(text: string): string[] {
  const placeholders = [...text.matchAll(/\{(\w+)\}/g)].map((match) => `{${match[1]}}`)
  const numbers = [...text.matchAll(/\d+/g)].map((match) => match[0])
  return [...placeholders, ...numbers].sort()
}

/** Sample arguments: numbers (which a string fill-in takes as well), once all 1 (the singular), once all different. */
const SAMPLES = (arity: number) => [Array.from({ length: arity }, () => 1), Array.from({ length: arity }, (_, i) => 4711 + i * 1000)]

/**
 * What is wrong with `translated` as a translation of `english` (the same key, any table): an empty
 * text, a placeholder or number left out or added, a function of another arity, or a function whose
 * text leaves out an argument the English text shows.
 */
export function problemsOf(english: unknown, translated: unknown): string[] {
  if (typeof english === 'string') {
    if (typeof translated !== 'string' || translated.trim() === '') return ['not a text']
    const want = marks(english).join(' ')
    const got = marks(translated).join(' ')
    return want === got ? [] : [`placeholders and numbers [${got}] instead of [${want}]`]
  }
  if (typeof english === 'function') {
    if (typeof translated !== 'function') return ['not a function']
    if (translated.length !== english.length) return [`takes ${translated.length} arguments instead of ${english.length}`]
    const problems: string[] = []
    for (const args of SAMPLES(english.length)) {
      const want = (english as Text)(...args)
      const got = (translated as Text)(...args)
      if (got.trim() === '' || /undefined|NaN/.test(got)) problems.push(`says "${got}" for (${args.join(', ')})`)
      for (const arg of new Set(args.map(String))) {
        if (want.includes(arg) && !got.includes(arg)) problems.push(`leaves out ${arg} for (${args.join(', ')}): "${got}"`)
      }
    }
    return problems
  }
  return []
}

/** Every problem of a language's tables against English's, as `table.key: problem`. */
export function catalogProblems(english: Record<string, Table>, translated: Record<string, Table>): string[] {
  const problems: string[] = []
  for (const [name, table] of Object.entries(english)) {
    const other = translated[name]
    if (!other) {
      problems.push(`${name}: missing`)
      continue
    }
    for (const key of Object.keys(table)) {
      if (!(key in other)) problems.push(`${name}.${key}: missing`)
      else for (const problem of problemsOf(table[key], other[key])) problems.push(`${name}.${key}: ${problem}`)
    }
    for (const key of Object.keys(other)) if (!(key in table)) problems.push(`${name}.${key}: not in English`)
  }
  for (const name of Object.keys(translated)) if (!(name in english)) problems.push(`${name}: not in English`)
  return problems
}

/** How many entries of a language are the very English text (a table left untranslated shows here). */
export function untranslatedShare(english: Record<string, Table>, translated: Record<string, Table>): number {
  let same = 0
  let all = 0
  for (const [name, table] of Object.entries(english)) {
    for (const [key, value] of Object.entries(table)) {
      all += 1
      const other = translated[name]?.[key]
      const text = (entry: unknown) => (typeof entry === 'function' ? (entry as Text)(...(SAMPLES(entry.length)[1] ?? [])) : entry)
      if (text(value) === text(other)) same += 1
    }
  }
  return all === 0 ? 0 : same / all
}
