import { Field, TextAreaField } from '@/components/Field'
import { FormError } from '@/components/FormError'
import { translateShared, useLocale, useT } from '@/lib/i18n'
import styles from './ImportDialog.module.css'
import type { RowSeparator, TermSeparator } from './import-flow'
import type { SeparatorChoice } from './import-source'

interface PastedTextProps {
  text: string
  onText: (text: string) => void
  termSeparator: TermSeparator
  onTermSeparator: (choice: TermSeparator) => void
  rowSeparator: RowSeparator
  onRowSeparator: (choice: RowSeparator) => void
  errors: Record<string, string>
}

/** Text copied from Quizlet's export (or any list), with its separators as Quizlet names them. */
export function PastedText({ text, onText, termSeparator, onTermSeparator, rowSeparator, onRowSeparator, errors }: PastedTextProps) {
  const t = useT()
  const locale = useLocale()
  const shown = (error: string | undefined) => error && translateShared(error, locale)
  return (
    <>
      <TextAreaField
        label={t('import.text.label')}
        rows={6}
        value={text}
        error={shown(errors.text)}
        hint={t('import.text.hint')}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <SeparatorChoices
        legend={t('import.separator.term')}
        customLabel={t('import.separator.customTerm')}
        name="term-separator"
        options={[
          ['tab', t('import.separator.tab')],
          ['comma', t('import.separator.comma')],
        ]}
        choice={termSeparator}
        onChoice={onTermSeparator}
        error={shown(errors.termSeparator)}
      />
      <SeparatorChoices
        legend={t('import.separator.row')}
        customLabel={t('import.separator.customRow')}
        name="row-separator"
        options={[
          ['newline', t('import.separator.newline')],
          ['semicolon', t('import.separator.semicolon')],
        ]}
        choice={rowSeparator}
        onChoice={onRowSeparator}
        error={shown(errors.rowSeparator)}
      />
    </>
  )
}

interface SeparatorChoicesProps<N extends string> {
  legend: string
  /** The custom separator's field label. */
  customLabel: string
  name: string
  options: Array<[N, string]>
  choice: SeparatorChoice<N>
  onChoice: (choice: SeparatorChoice<N>) => void
  error?: string
}

function SeparatorChoices<N extends string>({ legend, customLabel, name, options, choice, onChoice, error }: SeparatorChoicesProps<N>) {
  const t = useT()
  return (
    <fieldset className={styles.choice}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value}>
          <input type="radio" name={name} checked={choice.kind === value} onChange={() => onChoice({ ...choice, kind: value })} />
          {label}
        </label>
      ))}
      <label>
        <input type="radio" name={name} checked={choice.kind === 'custom'} onChange={() => onChoice({ ...choice, kind: 'custom' })} />
        {t('import.separator.custom')}
      </label>
      {choice.kind === 'custom' && (
        <Field label={customLabel} value={choice.custom} error={error} onChange={(event) => onChoice({ ...choice, custom: event.currentTarget.value })} />
      )}
      {choice.kind !== 'custom' && error && <FormError message={error} />}
    </fieldset>
  )
}
