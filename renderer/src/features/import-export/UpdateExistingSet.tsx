import type { ImportPreview, PreviewMatchingSet } from '#shared/api/imports'
import styles from './ImportDialog.module.css'
import { useT } from '@/lib/i18n'

interface UpdateExistingSetProps {
  /** The student's sets holding cards of this file (by guid), most matching first. */
  matching: PreviewMatchingSet[]
  /** The set to update, or null for a new set. */
  target: string | null
  onTarget: (setId: string | null) => void
  /** The preview against the chosen set: how many cards it would add, update and leave the same. */
  actions: ImportPreview['actions'] | null
}

/**
 * Issue 27: a file that matches one of the student's sets (a newer export of it, or a newer version of a deck they
 * imported) may update that set in place, keeping what they learned, instead of making a copy.
 */
export function UpdateExistingSet({ matching, target, onTarget, actions }: UpdateExistingSetProps) {
  const t = useT()
  const chosen = matching.find((set) => set.id === target)
  return (
    <fieldset className={styles.update}>
      <legend>{t('import.update.legend')}</legend>
      <p className="muted">{t('import.update.intro')}</p>
      <label>
        <input type="radio" name="import-target" checked={target === null} onChange={() => onTarget(null)} />
        {t('import.update.asNew')}
      </label>
      {matching.map((set) => (
        <label key={set.id}>
          <input type="radio" name="import-target" checked={target === set.id} onChange={() => onTarget(set.id)} />
          {t('import.update.set', { title: set.title, count: set.matching })}
        </label>
      ))}
      {chosen && (
        <p role="status" className={styles.updateCounts}>
          {actions?.setId === chosen.id
            ? t('import.update.counts', { add: actions.add, update: actions.update, same: actions.same })
            : t('import.update.comparing')}
        </p>
      )}
    </fieldset>
  )
}
