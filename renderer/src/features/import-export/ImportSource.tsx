import type { ImportLimits } from '#shared/api/imports'
import { Field } from '@/components/Field'
import { T, translateShared, useLocale, useT } from '@/lib/i18n'
import styles from './ImportDialog.module.css'
import type { ImportFlowAction, ImportFlowState } from './import-flow'
import { ACCEPTED_FILES, fileHint, formatSize } from './import-source'
import { PastedText } from './PastedText'

interface ImportSourceProps {
  state: ImportFlowState
  /** The server's limits once known (the file field's hint). */
  limits: ImportLimits | null
  send: (action: ImportFlowAction) => void
  chooseFile: (file: File | undefined) => void
}

/** The first step: a file (chosen or dropped on the dialog) or pasted text. */
export function ImportSource({ state, limits, send, chooseFile }: ImportSourceProps) {
  const t = useT()
  const locale = useLocale()
  const { source, file, sourceErrors } = state
  return (
    <>
      <fieldset className={styles.choice}>
        <legend>{t('import.source.legend')}</legend>
        <label>
          <input type="radio" name="import-source" checked={source === 'file'} onChange={() => send({ type: 'switchSource', source: 'file' })} />
          {t('import.source.file')}
        </label>
        <label>
          <input type="radio" name="import-source" checked={source === 'text'} onChange={() => send({ type: 'switchSource', source: 'text' })} />
          {t('import.source.text')}
        </label>
      </fieldset>

      {source === 'file' ? (
        <div className={styles.dropZone} data-testid="import-drop-zone">
          <Field
            label={t('import.file.label')}
            type="file"
            accept={ACCEPTED_FILES}
            hint={fileHint(limits)}
            error={sourceErrors.file && translateShared(sourceErrors.file, locale)}
            onChange={(event) => {
              chooseFile(event.currentTarget.files?.[0])
            }}
          />
          {file && (
            <p className={styles.fileName}>
              <T id="import.file.selected" values={{ name: file.name, size: formatSize(file.size) }} components={{ 0: <strong /> }} />
            </p>
          )}
        </div>
      ) : (
        <PastedText
          text={state.text}
          onText={(text) => send({ type: 'editText', text })}
          termSeparator={state.termSeparator}
          onTermSeparator={(choice) => send({ type: 'termSeparator', choice })}
          rowSeparator={state.rowSeparator}
          onRowSeparator={(choice) => send({ type: 'rowSeparator', choice })}
          errors={sourceErrors}
        />
      )}
    </>
  )
}
