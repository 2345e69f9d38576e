import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import type { TextEncodingName } from '#shared/api/imports'
import { decodeText, detectEncoding } from './decode-text'

/** Vocabulary lists as students bring them, each in its own language. */
const LISTS = {
  japanese: '食べる\tto eat\n飲む\tto drink\nテスト\ttest\n勉強する\tto study\nありがとう\tthank you\n',
  chinese: '你好\thello\n谢谢\tthank you\n学习\tto study\n中国\tChina\n我们的老师\tour teacher\n',
  korean: '안녕하세요\thello\n감사합니다\tthank you\n학교\tschool\n사랑\tlove\n한국어를 공부해요\tI study Korean\n',
  western: 'café\tcoffee\nStraße\tstreet\nniño\tchild\nœuvre\twork\n“quoted” — dash\tpunctuation\n',
}

const cases: Array<[TextEncodingName, string, boolean]> = [
  ['shift_jis', LISTS.japanese, false],
  ['gb18030', LISTS.chinese, false],
  ['euc-kr', LISTS.korean, false],
  ['windows-1252', LISTS.western, false],
  ['utf-8', LISTS.japanese, false],
  ['utf-8', LISTS.korean, true],
  ['utf-16le', LISTS.chinese, true],
  ['utf-16be', LISTS.korean, true],
  ['utf-16le', LISTS.western, false],
  ['utf-16be', LISTS.japanese, false],
]

describe('detectEncoding', () => {
  it.each(cases)('%s (%#, BOM %s)', (encoding, text, bom) => {
    const bytes = new Uint8Array(iconv.encode(text, encoding, { addBOM: bom }))
    expect(detectEncoding(bytes).encoding).toBe(encoding)
    expect(decodeText(bytes)).toEqual({ text, encoding })
  })

  it('reads pure ASCII as UTF-8 and an empty file as UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('dog\tHund\n'))).toEqual({ text: 'dog\tHund\n', encoding: 'utf-8' })
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' })
  })

  it('tells Korean from Chinese from Japanese when the lists are short', () => {
    for (const [encoding, text] of [
      ['euc-kr', '사과\tapple\n'],
      ['gb18030', '苹果\tapple\n'],
      ['shift_jis', 'りんご\tapple\n'],
    ] as const)
      expect(detectEncoding(new Uint8Array(iconv.encode(text, encoding))).encoding).toBe(encoding)
  })

  it('decodes a large file from a sample without cutting a character', () => {
    const text = LISTS.japanese.repeat(5000)
    const bytes = new Uint8Array(iconv.encode(text, 'shift_jis'))
    expect(bytes.length).toBeGreaterThan(64 * 1024)
    expect(decodeText(bytes)).toEqual({ text, encoding: 'shift_jis' })
  })
})

describe('decodeText with an encoding asked for', () => {
  it('reads the bytes in that encoding, whatever the guess', () => {
    const bytes = new Uint8Array(iconv.encode(LISTS.chinese, 'gb18030'))
    expect(decodeText(bytes, 'gb18030').text).toBe(LISTS.chinese)
    // Read as Shift_JIS, the same bytes are other characters (what a wrong guess looks like).
    const wrong = decodeText(bytes, 'shift_jis')
    expect(wrong.encoding).toBe('shift_jis')
    expect(wrong.text).not.toBe(LISTS.chinese)
  })

  it('leaves out the BOM of the encoding asked for', () => {
    const bytes = new Uint8Array(iconv.encode('dog\tHund', 'utf-16le', { addBOM: true }))
    expect(decodeText(bytes, 'utf-16le').text).toBe('dog\tHund')
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]), 'utf-8').text).toBe('a')
  })
})
