import { describe, expect, it } from 'vitest'
import { withLeadingField } from './imports.service'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (json: Uint8Array) => new TextDecoder().decode(json)

describe('withLeadingField', () => {
  it("puts the field in front of the object's own fields, as JSON", () => {
    const joined = withLeadingField(bytes('{"format":"apkg","sets":[{"title":"Café ☕"}]}'), 'matchingSets', [{ id: 'a', title: 'Biology "1"', matching: 2 }])
    expect(JSON.parse(text(joined))).toEqual({ matchingSets: [{ id: 'a', title: 'Biology "1"', matching: 2 }], format: 'apkg', sets: [{ title: 'Café ☕' }] })
    expect(text(joined).startsWith('{"matchingSets":')).toBe(true)
  })

  it('gives an empty object its only field', () => {
    expect(JSON.parse(text(withLeadingField(bytes('{}'), 'matchingSets', [])))).toEqual({ matchingSets: [] })
  })
})
