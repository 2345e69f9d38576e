import { type ReactNode, useEffect, useId, useRef } from 'react'
import styles from './Dialog.module.css'

interface DialogProps {
  open: boolean
  title: string
  /** Escape and the close button call this; the parent decides what closing means. */
  onClose: () => void
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
}

/** A modal on the native <dialog>: focus trapping, Escape and the top layer come from the browser. */
export function Dialog({ open, title, onClose, children, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
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
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  )
}
