/**
 * Checking a typed answer (Write, typed Review, Test's written questions).
 *
 * - `correct`: equal to the expected text, trimmed and ignoring case (the spec's Write rule).
 * - `almost`: not equal, but only a slip away: the same once accents, punctuation and repeated
 *   spaces are ignored ("cafe" for "café", "mitochondria." for "mitochondria"), or one typo per
 *   eight letters (a letter missing, extra, wrong or two swapped: "recieve" for "receive") in an
 *   answer of at least four letters. Shorter answers must be exact: "cat" for "cut" is another
 *   word, not a typo. It counts as right, shown as "Almost" with the difference highlighted,
 *   and the review log keeps it as a near miss (a weaker pass: shared/study/ratings.ts).
 * - `wrong`: anything else. The student may overrule it once ("I was right"), which the review
 *   log also keeps as such.
 */
export type AnswerVerdict = 'correct' | 'almost' | 'wrong'

/** One stretch of the comparison, for highlighting: `missing` letters are in the expected answer only, `extra` in the typed one only. */
export interface DiffPart {
  kind: 'same' | 'missing' | 'extra'
  text: string
}

export interface AnswerCheck {
  verdict: AnswerVerdict
  /** The typed answer against the expected one, letter by letter (case ignored in the matching). */
  diff: DiffPart[]
}

const normalise = (text: string) => text.trim().toLowerCase()

/** Lower case, no accents, punctuation as space, spaces collapsed: what is left when slips are forgiven. */
export function looseForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps each cost 1. */
export function typoDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  const rows = x.length + 1
  const cols = y.length + 1
  const d: number[] = new Array(rows * cols).fill(0)
  const at = (i: number, j: number) => d[i * cols + j] as number
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      d[i * cols + j] = best
    }
  }
  return at(rows - 1, cols - 1)
}

/** Typos forgiven in an answer of this many letters: none below four, then one per eight letters. */
export function allowedTypos(length: number): number {
  return length < 4 ? 0 : Math.max(1, Math.floor(length / 8))
}

/**
 * The typed answer aligned with the expected one (a shortest edit script over the letters, case
 * ignored), merged into runs. Letters both share are shown as the student typed them.
 */
export function answerDiff(typed: string, expected: string): DiffPart[] {
  const a = [...typed.trim()]
  const b = [...expected.trim()]
  const la = a.map((char) => char.toLowerCase())
  const lb = b.map((char) => char.toLowerCase())
  const cols = b.length + 1
  // lcs[i][j]: longest common subsequence of a[i..] and b[j..].
  const lcs = new Array((a.length + 1) * cols).fill(0) as number[]
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        la[i] === lb[j] ? (lcs[(i + 1) * cols + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * cols + j] as number, lcs[i * cols + j + 1] as number)
    }
  }
  const parts: DiffPart[] = []
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1)
    if (last?.kind === kind) last.text += text
    else parts.push({ kind, text })
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (la[i] === lb[j]) {
      push('same', a[i] as string)
      i++
      j++
    } else if ((lcs[(i + 1) * cols + j] as number) >= (lcs[i * cols + j + 1] as number)) {
      push('extra', a[i++] as string)
    } else {
      push('missing', b[j++] as string)
    }
  }
  while (i < a.length) push('extra', a[i++] as string)
  while (j < b.length) push('missing', b[j++] as string)
  return parts
}

/** The verdict on a typed answer and the difference to show. */
export function checkAnswer(typed: string, expected: string): AnswerCheck {
  const diff = answerDiff(typed, expected)
  if (normalise(typed) === normalise(expected)) return { verdict: 'correct', diff }
  const loose = looseForm(typed)
  const target = looseForm(expected)
  if (loose === '' || target === '') return { verdict: 'wrong', diff }
  if (loose === target) return { verdict: 'almost', diff }
  const letters = [...target].length
  const verdict = typoDistance(loose, target) <= allowedTypos(letters) ? 'almost' : 'wrong'
  return { verdict, diff }
}
