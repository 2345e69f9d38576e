import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { CopyIcon, DownloadIcon, GearIcon, GlobeIcon, LinkIcon, LockIcon, PencilIcon, SwapIcon, TrashIcon } from '@/components/icons'
import { useT } from '@/lib/i18n'
import styles from './SetActions.module.css'

interface SetActionsProps {
  isOwner: boolean
  isPublic: boolean
  busy: boolean
  onEdit: () => void
  onToggleVisibility: () => void
  onDelete: () => void
  onCopyLink: () => void
  onExport: () => void
  /** The owner's "Add reverse to all cards": every basic card is also asked from its definition (issue 26). */
  onAddReverse: () => void
  /** Offered to a signed-in, verified student who may read the set and does not own it. */
  onSaveCopy?: () => void
}

interface Action {
  key: string
  label: string
  icon: ReactNode
  onSelect: () => void
  danger?: boolean
}

/**
 * The set's actions: the owner's Edit Set, Make Public / Make Private, Export and Delete Set, and
 * Copy Link for anyone while the set is public, and Save a copy for a verified reader who is not the owner. Under 768 px the owner's actions fold into 'Set settings'.
 */
export function SetActions({ isOwner, isPublic, busy, onEdit, onToggleVisibility, onDelete, onCopyLink, onExport, onAddReverse, onSaveCopy }: SetActionsProps) {
  const t = useT()
  const copyLink: Action = { key: 'copy', label: t('sets.actions.copyLink'), icon: <LinkIcon />, onSelect: onCopyLink }
  if (!isOwner) {
    const readerActions: Action[] = [
      ...(isPublic ? [copyLink] : []),
      ...(onSaveCopy ? [{ key: 'save-copy', label: t('sets.actions.saveCopy'), icon: <CopyIcon />, onSelect: onSaveCopy }] : []),
    ]
    if (readerActions.length === 0) return null
    return (
      <div className={styles.toolbar}>
        {readerActions.map((action) => (
          <ActionButton key={action.key} action={action} busy={busy} />
        ))}
      </div>
    )
  }
  const actions: Action[] = [
    { key: 'edit', label: t('sets.actions.edit'), icon: <PencilIcon />, onSelect: onEdit },
    {
      key: 'visibility',
      label: isPublic ? t('sets.actions.makePrivate') : t('sets.actions.makePublic'),
      icon: isPublic ? <LockIcon /> : <GlobeIcon />,
      onSelect: onToggleVisibility,
    },
    ...(isPublic ? [copyLink] : []),
    { key: 'export', label: t('sets.actions.export'), icon: <DownloadIcon />, onSelect: onExport },
    { key: 'reverse', label: t('sets.actions.addReverse'), icon: <SwapIcon />, onSelect: onAddReverse },
    { key: 'delete', label: t('sets.actions.delete'), icon: <TrashIcon />, onSelect: onDelete, danger: true },
  ]
  return (
    <>
      <div className={`${styles.toolbar} ${styles.wide}`}>
        {actions.map((action) => (
          <ActionButton key={action.key} action={action} busy={busy} />
        ))}
      </div>
      <SettingsMenu actions={actions} busy={busy} />
    </>
  )
}

function ActionButton({ action, busy }: { action: Action; busy: boolean }) {
  return (
    <button
      type="button"
      className={`button button-secondary ${action.danger ? styles.danger : ''}`}
      onClick={action.onSelect}
      disabled={busy && action.key !== 'copy'}
    >
      {action.icon}
      {action.label}
    </button>
  )
}

/** The small-screen disclosure: a gear button showing the actions in a list below it. */
function SettingsMenu({ actions, busy }: { actions: Action[]; busy: boolean }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  // Closes on a click or tap outside it, and on Escape (focus goes back to the button).
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      rootRef.current?.querySelector<HTMLButtonElement>('button')?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div ref={rootRef} className={styles.settings}>
      <button
        type="button"
        className={`button button-secondary ${styles.settingsButton}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('sets.actions.settings')}
        title={t('sets.actions.settings')}
        onClick={() => setOpen((value) => !value)}
      >
        <GearIcon />
      </button>
      <ul id={menuId} className={styles.menu} hidden={!open}>
        {actions.map((action) => (
          <li key={action.key}>
            <button
              type="button"
              className={`${styles.menuItem} ${action.danger ? styles.menuItemDanger : ''}`}
              disabled={busy && action.key !== 'copy'}
              onClick={() => {
                setOpen(false)
                action.onSelect()
              }}
            >
              {action.icon}
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
