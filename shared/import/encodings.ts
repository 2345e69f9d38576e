/**
 * The encodings a text file is read in (issue 27): detected when not given, chosen by the student
 * in the preview when the guess was wrong. Names as the WHATWG Encoding Standard (and Node's
 * TextDecoder) spell them, with the label the preview's picker shows.
 */
export const TEXT_ENCODINGS = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  shift_jis: 'Japanese (Shift_JIS)',
  gb18030: 'Chinese (GB18030)',
  'euc-kr': 'Korean (EUC-KR)',
  'windows-1252': 'Western (Windows-1252)',
} as const
export type TextEncodingName = keyof typeof TEXT_ENCODINGS
