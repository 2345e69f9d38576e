import { describe, expect, it } from 'vitest'
import { documentTitle } from './useDocumentTitle'

describe('documentTitle', () => {
  it('joins the parts and the app name, leaving blank parts out', () => {
    expect(documentTitle('Learn', 'Planets')).toBe('Learn · Planets · Cardwise')
    expect(documentTitle('My Sets')).toBe('My Sets · Cardwise')
    expect(documentTitle('Write Mode', undefined)).toBe('Write Mode · Cardwise')
    expect(documentTitle(' ', '')).toBe('Cardwise')
  })
})
