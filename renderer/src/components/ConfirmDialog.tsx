import { type ReactNode, useCallback, useRef, useState } from 'react'
import { useT } from '@/lib/i18n'
import { Dialog, DialogActions } from './Dialog'

export interface ConfirmRequest {
  title: string
  message: string
  /** The button that goes ahead ('Delete', 'Leave', ...). */
  confirmLabel: string
  /** A destructive action: the button in the danger colour. */
  danger?: boolean
}

/**
 * The app's own confirmation (instead of the browser's window.confirm): `confirm(request)` opens an
 * alert dialog and resolves true when the student goes ahead, false on Cancel, × or Escape. Render
 * the returned element once in the component.
 */
export function useConfirm(): [confirm: (request: ConfirmRequest) => Promise<boolean>, dialog: ReactNode] {
  const t = useT()
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const resolver = useRef<((value: boolean) => void) | null>(null)
  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false)
        resolver.current = resolve
        setRequest(next)
      }),
    [],
  )
  const finish = (value: boolean) => {
    resolver.current?.(value)
    resolver.current = null
    setRequest(null)
  }
  const dialog = (
    <Dialog open={request !== null} title={request?.title ?? ''} onClose={() => finish(false)} role="alertdialog">
      <p>{request?.message}</p>
      <DialogActions>
        <button type="button" className="button button-secondary" onClick={() => finish(false)}>
          {t('common.cancel')}
        </button>
        <button type="button" className={request?.danger ? 'button button-danger' : 'button'} onClick={() => finish(true)}>
          {request?.confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  )
  return [confirm, dialog]
}
