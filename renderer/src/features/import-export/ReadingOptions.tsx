import type { ImportPreview, TextEncodingName } from '#shared/api/imports'
import { SelectField } from '@/components/Field'
import styles from './ImportDialog.module.css'
import type { ReadingChoice } from './import-export-api'
import { type MessageId, useT } from '@/lib/i18n'

/** The encodings the picker offers (those of shared/import/encodings.ts), with their names in the catalogs. */
const ENCODING_NAMES: Record<TextEncodingName, MessageId> = {
  'utf-8': 'import.encoding.utf8',
  'utf-16le': 'import.encoding.utf16le',
  'utf-16be': 'import.encoding.utf16be',
  shift_jis: 'import.encoding.shiftJis',
  gb18030: 'import.encoding.gb18030',
  'euc-kr': 'import.encoding.eucKr',
  'windows-1252': 'import.encoding.windows1252',
}

interface ReadingOptionsProps {
  preview: ImportPreview
  /** What the student chose, shown at once while the preview reads the file again. */
  choice: ReadingChoice
  /** The student changed how the file is read: the preview reads it again. */
  onChange: (choice: ReadingChoice) => void
}

/**
 * How a text file was read (issue 27): the encoding the server detected, with a picker for
 * another when the text looks garbled, and "Fields contain HTML" (on when the server found tags).
 */
export function ReadingOptions({ preview, choice, onChange }: ReadingOptionsProps) {
  const t = useT()
  if (!preview.encoding && (preview.html === null || preview.html === undefined)) return null
  const encoding = preview.encoding ? (choice.encoding ?? preview.encoding) : null
  const html = preview.html === null || preview.html === undefined ? null : (choice.html ?? preview.html)
  return (
    <fieldset className={styles.choice}>
      <legend>{t('import.reading.legend')}</legend>
      {encoding && (
        <SelectField
          label={t('import.reading.encoding')}
          value={encoding}
          hint={t('import.reading.encodingHint')}
          onChange={(event) => onChange({ encoding: event.currentTarget.value as TextEncodingName })}
        >
          {Object.entries(ENCODING_NAMES).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
      )}
      {html !== null && (
        <label>
          <input type="checkbox" role="switch" checked={html} onChange={(event) => onChange({ html: event.currentTarget.checked })} />
          {t('import.reading.html')}
        </label>
      )}
    </fieldset>
  )
}
