/**
 * Separators of pasted or text imports, as Quizlet's export offers them: `tab`, `comma`,
 * `semicolon`, `newline`, or any other literal text. Free of zod so the import worker loads fast.
 */
export const NAMED_SEPARATORS = { tab: '\t', comma: ',', semicolon: ';', newline: '\n' } as const

/** A named separator as its characters; anything else is the literal text. */
export function separatorText(value: string): string {
  return Object.hasOwn(NAMED_SEPARATORS, value) ? NAMED_SEPARATORS[value as keyof typeof NAMED_SEPARATORS] : value
}
