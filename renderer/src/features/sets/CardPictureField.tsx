import { type ClipboardEvent, type DragEvent, type HTMLAttributes, type ReactNode, useId, useRef, useState } from 'react'
import type { CardImage as CardImageData } from '#shared/api/media'
import styles from './CardPictureField.module.css'
import { firstImageFile, uploadPicture } from './picture'
import { CardImage } from '@/components/CardImage'
import { errorMessage } from '@/lib/api'
import { useT } from '@/lib/i18n'

interface CardPictureOptions {
  /** 'Term' or 'Definition'. */
  side: string
  image: CardImageData | null
  onChange: (image: CardImageData | null) => void
  /** The side's text, for the preview's alt text. */
  text: string
  onUploading?: (uploading: boolean) => void
}

export interface CardPicture {
  /** Props for an element that takes a dropped or pasted picture (the side's text field, its picture area). */
  dropTarget: HTMLAttributes<HTMLDivElement>
  /** The picture's preview, Add/Replace and Remove, its upload status and error. */
  controls: ReactNode
}

/**
 * One side's picture: it comes from the file chooser, a drop on the side, or a paste into its text
 * field; it is scaled down and uploaded at once and shown as a preview, with Replace and Remove. A
 * refusal shows the server's message. The text field and the picture controls are placed apart
 * (CardFormFields) so that Tab goes Term -> Definition without stopping at the picture buttons.
 */
export function useCardPicture({ side, image, onChange, text, onUploading }: CardPictureOptions): CardPicture {
  const t = useT()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState('')
  const [dragging, setDragging] = useState(false)
  const lower = side.toLowerCase()

  const add = async (file: File | undefined) => {
    if (!file) return
    setError('')
    setUploading(true)
    onUploading?.(true)
    try {
      const uploaded = await uploadPicture(file)
      onChange({ id: uploaded.id, url: uploaded.url, width: uploaded.width, height: uploaded.height })
    } catch (failure) {
      setError(failure instanceof Error && !('status' in failure) ? failure.message : errorMessage(failure, t('card.picture.uploadFailed')))
    } finally {
      setUploading(false)
      onUploading?.(false)
      if (input.current) input.current.value = ''
    }
  }

  const dropTarget: HTMLAttributes<HTMLDivElement> = {
    className: `${styles.side} ${dragging ? styles.dragging : ''}`,
    onPaste: (event: ClipboardEvent) => {
      const file = firstImageFile(event.clipboardData.files)
      if (!file) return
      event.preventDefault()
      void add(file)
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      void add(firstImageFile(event.dataTransfer.files))
    },
    onDragOver: (event: DragEvent) => {
      if (![...event.dataTransfer.types].includes('Files')) return
      event.preventDefault()
      setDragging(true)
    },
    onDragLeave: () => setDragging(false),
  }

  const controls = (
    <div {...dropTarget} data-testid={`${lower}-side`}>
      {image && (
        <div className={styles.preview}>
          <CardImage
            image={image}
            text={text}
            position={0}
            alt={text.trim() ? t('card.picture.for', { text: text.trim() }) : t('card.picture.the', { side: lower })}
          />
        </div>
      )}
      <div className={styles.controls}>
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-label={image ? t('card.picture.replaceSide', { side: lower }) : t('card.picture.addSide', { side: lower })}
          onChange={(event) => void add(event.target.files?.[0])}
          disabled={uploading}
        />
        <label htmlFor={inputId} className={`button button-secondary ${styles.choose}`} aria-hidden="true">
          {image ? t('card.picture.replace') : t('card.picture.add')}
        </label>
        {image && (
          <button type="button" className="button button-secondary" onClick={() => onChange(null)} aria-label={t('card.picture.removeSide', { side: lower })}>
            {t('card.picture.remove')}
          </button>
        )}
        <small className="muted">{uploading ? t('card.picture.uploading') : t('card.picture.drop', { side: lower })}</small>
      </div>
      <p className={styles.status} role="status">
        {uploading ? t('card.picture.uploadingSide', { side: lower }) : ''}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )

  return { dropTarget, controls }
}
