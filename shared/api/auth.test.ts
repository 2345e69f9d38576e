import { describe, expect, it } from 'vitest'
import { messages } from '#shared/messages'
import { changePasswordSchema, emailSchema, registerSchema } from './auth'
import { fieldErrors } from './validation'

const good = { username: 'ada_lovelace', email: ' Ada@Example.org ', password: 'analytical', passwordConfirm: 'analytical' }

function errorsOf(input: unknown) {
  const result = registerSchema.safeParse(input)
  return result.success ? {} : fieldErrors(result.error)
}

describe('registerSchema', () => {
  it('accepts a good registration and normalises the email', () => {
    expect(registerSchema.parse(good)).toEqual({ ...good, email: 'ada@example.org' })
  })

  it.each([
    ['a missing username', { ...good, username: undefined }, { username: messages.usernameRequired }],
    ['a blank username', { ...good, username: '   ' }, { username: messages.usernameRequired }],
    ['a short username', { ...good, username: 'ab' }, { username: messages.usernameLength }],
    ['a long username', { ...good, username: 'a'.repeat(31) }, { username: messages.usernameLength }],
    ['markup in a username', { ...good, username: '<b>ada</b>' }, { username: messages.usernameCharacters }],
    ['a profane username', { ...good, username: 'shit_lord' }, { username: messages.usernameProfane }],
    ['a missing email', { ...good, email: undefined }, { email: messages.emailRequired }],
    ['a malformed email', { ...good, email: 'ada@' }, { email: messages.emailInvalid }],
    ['a short password', { ...good, password: 'short', passwordConfirm: 'short' }, { password: messages.passwordTooShort }],
    ['a password over 72 bytes', { ...good, password: 'é'.repeat(37), passwordConfirm: 'é'.repeat(37) }, { password: messages.passwordTooLong }],
    ['a confirmation that differs', { ...good, passwordConfirm: 'analytica1' }, { passwordConfirm: messages.passwordsDoNotMatch }],
  ])('rejects %s', (_, input, expected) => {
    expect(errorsOf(input)).toEqual(expected)
  })

  it('keeps clean usernames that only contain a profane substring', () => {
    expect(errorsOf({ ...good, username: 'scunthorpe' })).toEqual({})
  })
})

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Grace@Navy.MIL ')).toBe('grace@navy.mil')
  })
})

describe('changePasswordSchema', () => {
  it('requires the old password and a matching confirmation', () => {
    const result = changePasswordSchema.safeParse({ oldPassword: '', password: 'newpassword', passwordConfirm: 'newpassword' })
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ oldPassword: messages.oldPasswordRequired })
  })
})
