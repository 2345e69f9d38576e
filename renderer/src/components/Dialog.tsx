import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useT } from '@/lib/i18n'
import styles from './Dialog.module.css'

interface DialogProps {
  open: boolean
  title: string
  /** Escape and the close button call this; the parent decides what closing means. */
  onClose: () => void
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
  /** Stays above dialogs opened after it (the session-invalidated modal must stay reachable). */
  keepOnTop?: boolean
}

/** A modal on the native <dialog>: focus trapping, Escape and the top layer come from the browser. */
export function Dialog({ open, title, onClose, children, role = 'dialog', keepOnTop = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const t = useT()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // The last modal shown is the top one and makes the others inert: raise keep-on-top ones again.
      for (const other of document.querySelectorAll<HTMLDialogElement>('dialog[data-keep-on-top][open]')) {
        if (other === dialog) continue
        other.close()
        other.showModal()
      }
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
      data-keep-on-top={keepOnTop || undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {open && (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  )
}

/**
 * The buttons row of a dialog or form (Cancel, then the main action). On a phone the row stacks
 * with the main action on top; `inOrder` keeps the written order (for equal choices).
 */
export function DialogActions({ children, inOrder = false }: { children: ReactNode; inOrder?: boolean }) {
  return <div className={inOrder ? `${styles.actions} ${styles.inOrder}` : styles.actions}>{children}</div>
}
