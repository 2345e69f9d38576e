import { FormError } from '@/components/FormError'

/** What a settings panel's last save or load said: a success line, an error, or nothing. */
export type SaveStatusValue = { kind: 'idle' | 'saved' | 'error'; message?: string }

export function SaveStatus({ status }: { status: SaveStatusValue }) {
  if (status.kind === 'saved')
    return (
      <p className="alert-success" role="status">
        {status.message}
      </p>
    )
  if (status.kind === 'error') return <FormError message={status.message} />
  return null
}
