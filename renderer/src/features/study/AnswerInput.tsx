import type { Ref } from 'react'
import { useT } from '@/lib/i18n'

interface Props {
  id: string
  inputRef?: Ref<HTMLInputElement>
  value: string
  onType: (text: string) => void
  disabled: boolean
  /** The verdict's element, read out with the field. */
  describedBy: string
}

/** The box a typed answer goes in (Write, Learn's written question): no autocomplete, capitals or spelling help, which would answer for the student. */
export function AnswerInput({ id, inputRef, value, onType, disabled, describedBy }: Props) {
  const t = useT()
  return (
    <input
      ref={inputRef}
      id={id}
      type="text"
      value={value}
      onChange={(event) => onType(event.target.value)}
      placeholder={t('study.typeAnswer')}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      disabled={disabled}
      aria-describedby={describedBy}
    />
  )
}
