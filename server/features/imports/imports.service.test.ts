import { describe, expect, it } from 'vitest'
import { withLeadingField } from './imports.service'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (parts: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(parts))

describe('withLeadingField', () => {
  it("puts the field in front of the object's own fields, as JSON", () => {
    const joined = withLeadingField(bytes('{"format":"apkg","sets":[{"title":"Café ☕"}]}'), 'matchingSets', [{ id: 'a', title: 'Biology "1"', matching: 2 }])
    expect(JSON.parse(text(joined))).toEqual({ matchingSets: [{ id: 'a', title: 'Biology "1"', matching: 2 }], format: 'apkg', sets: [{ title: 'Café ☕' }] })
    expect(text(joined).startsWith('{"matchingSets":')).toBe(true)
  })

  it("does not copy the object's bytes: the second part is a view of them", () => {
    const object = bytes('{"sets":[]}')
    const [, rest] = withLeadingField(object, 'matchingSets', [])
    expect(rest?.buffer).toBe(object.buffer)
  })

  it('gives an empty object its only field', () => {
    expect(JSON.parse(text(withLeadingField(bytes('{}'), 'matchingSets', [])))).toEqual({ matchingSets: [] })
  })
})
