import { describe, expect, it } from 'vitest'
import { mediaMessages, messages, requestMessages, textMessages } from '#shared/messages'
import { translateFields, translateText } from './translate'

describe('translateText', () => {
  it('says a catalog text in the language, and leaves English and unknown texts as they are', () => {
    expect(translateText(messages.invalidInput, 'de')).toBe('Einige Felder sind ungültig.')
    expect(translateText(messages.invalidInput, 'en')).toBe(messages.invalidInput)
    expect(translateText('A text no catalog has.', 'ja')).toBe('A text no catalog has.')
  })

  it('matches a fill-in message by its pattern and translates its field label, keeps a number and a field name', () => {
    expect(translateText(textMessages.tooLong('Title', 45), 'de')).toBe('Titel darf höchstens 45 Zeichen lang sein.')
    expect(translateText(textMessages.empty('Definition'), 'fr')).toBe('Le champ « Définition » ne peut pas être vide.')
    expect(translateText('Search must be at most 200 characters.', 'es')).toBe('El campo «Búsqueda» debe tener como máximo 200 caracteres.')
    expect(translateText('perPage must be at most 100.', 'pt-BR')).toBe('perPage deve ser no máximo 100.')
    expect(translateText(requestMessages.trueOrFalse('shuffle'), 'zh-CN')).toBe('shuffle 必须为 true 或 false。')
    expect(translateText("status must be 'in_progress' or 'completed'.", 'de')).toBe("status muss 'in_progress' oder 'completed' sein.")
  })

  it('the most specific pattern wins, and a text inside a fill-in is translated too', () => {
    // "must be at most N characters." (a text limit) before "must be at most N." (a number).
    expect(translateText('Tag must be at most 10 characters.', 'de')).toBe('Tag darf höchstens 10 Zeichen lang sein.')
    expect(translateText(messages.passwordUpdateFailed(messages.oldPasswordWrong), 'de')).toBe(
      'Passwort konnte nicht geändert werden: Das alte Passwort ist falsch.',
    )
  })

  it('a message whose arguments are not written out as given: by its sample arguments, or its form without arguments', () => {
    expect(translateText(mediaMessages.notAudio('audio/ogg'), 'de')).toBe('Diese Datei ist keine Ogg-Datei mit Ton.')
    expect(translateText(mediaMessages.notAudio('video/x'), 'de')).toBe('Diese Datei ist keine Aufnahme mit Ton.')
    expect(translateText(mediaMessages.tooManyPixels(), 'fr')).toBe('Cette image est trop grande pour être traitée : elle dépasse 40 mégapixels.')
    expect(translateText(mediaMessages.tooManyPixels(9000, 9000), 'ja')).toBe(
      'この画像は大きすぎて処理できません: 9000 × 9000 ピクセルは40メガピクセルを超えています。',
    )
  })

  it('every field message of an error body', () => {
    expect(translateFields({ title: textMessages.empty('Title'), page: 'Must be at least 1.' }, 'ar')).toEqual({
      title: 'لا يمكن أن يكون حقل «العنوان» فارغًا.',
      page: 'يجب ألا تقل القيمة عن 1.',
    })
  })
})
