import { describe, expect, it } from 'vitest'
import { messages } from '#shared/messages'
import { LOCALES } from './locales'
import { catalogFor, messagesFor } from './messages'

describe('messagesFor', () => {
  it('gives English exactly as shared/messages.ts has it', () => {
    expect(messagesFor('en')).toBe(messages)
  })

  it('gives every language its own texts, with the same keys as English', () => {
    for (const locale of LOCALES) expect(Object.keys(messagesFor(locale)).sort()).toEqual(Object.keys(messages).sort())
    expect(messagesFor('de').invalidInput).toBe('Einige Felder sind ungültig.')
    expect(messagesFor('ja').passwordUpdateFailed('x')).toBe('パスワードを更新できませんでした: x')
    expect(catalogFor('fr').messages).toBe(messagesFor('fr'))
  })
})
