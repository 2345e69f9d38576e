import { type ClipboardEvent, type DragEvent, type ReactNode, useId, useRef, useState } from 'react'
import type { CardImage as CardImageData } from '#shared/api/media'
import styles from './CardPictureField.module.css'
import { firstImageFile, uploadPicture } from './picture'
import { CardImage } from '@/components/CardImage'
import { errorMessage } from '@/lib/api'

interface CardPictureFieldProps {
  /** 'Term' or 'Definition'. */
  side: string
  image: CardImageData | null
  onChange: (image: CardImageData | null) => void
  /** The side's text, for the preview's alt text. */
  text: string
  onUploading?: (uploading: boolean) => void
  /** The side's text field: pasting a picture into it adds the picture. */
  children: ReactNode
}

/**
 * One side of the card form: its text field and its picture. A picture comes from the file
 * chooser, a drop on the side, or a paste into it; it is scaled down and uploaded at once and
 * shown as a preview, with Replace and Remove. A refusal shows the server's message.
 */
export function CardPictureField({ side, image, onChange, text, onUploading, children }: CardPictureFieldProps) {
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
      setError(failure instanceof Error && !('status' in failure) ? failure.message : errorMessage(failure, 'The picture could not be uploaded. Try again.'))
    } finally {
      setUploading(false)
      onUploading?.(false)
      if (input.current) input.current.value = ''
    }
  }

  const onPaste = (event: ClipboardEvent) => {
    const file = firstImageFile(event.clipboardData.files)
    if (!file) return
    event.preventDefault()
    void add(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void add(firstImageFile(event.dataTransfer.files))
  }
  const onDragOver = (event: DragEvent) => {
    if (![...event.dataTransfer.types].includes('Files')) return
    event.preventDefault()
    setDragging(true)
  }

  return (
    <div
      className={`${styles.side} ${dragging ? styles.dragging : ''}`}
      onPaste={onPaste}
      onDrop={onDrop}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      data-testid={`${lower}-side`}
    >
      {children}
      {image && (
        <div className={styles.preview}>
          <CardImage image={image} text={text} position={0} alt={text.trim() ? `Picture for ${text.trim()}` : `The ${lower} picture`} />
        </div>
      )}
      <div className={styles.controls}>
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-label={`${image ? 'Replace' : 'Add'} ${lower} picture`}
          onChange={(event) => void add(event.target.files?.[0])}
          disabled={uploading}
        />
        <label htmlFor={inputId} className={`button button-secondary ${styles.choose}`} aria-hidden="true">
          {image ? 'Replace picture' : 'Add picture'}
        </label>
        {image && (
          <button type="button" className="button button-secondary" onClick={() => onChange(null)} aria-label={`Remove ${lower} picture`}>
            Remove picture
          </button>
        )}
        <small className="muted">{uploading ? 'Uploading picture...' : 'or drop or paste one here'}</small>
      </div>
      <p className={styles.status} role="status">
        {uploading ? `Uploading the ${lower} picture...` : ''}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
