import { useEffect, useId, useRef, useState } from 'react'
import { type CardAudio, type MediaAudioType } from '#shared/api/media'
import { AudioButton } from '@/components/card-side'
import { MicrophoneIcon } from '@/components/icons'
import { errorMessage } from '@/lib/api'
import { useT } from '@/lib/i18n'
import styles from './CardPictureField.module.css'
import { AUDIO_ACCEPT, audioUploadType, recordingType, uploadSound } from './sound'
import { mediaMessages } from '#shared/messages'
import { MEDIA_LIMITS } from '#shared/limits'

interface CardSoundFieldProps {
  /** 'Term' or 'Definition'. */
  side: string
  audio: CardAudio | null
  onChange: (audio: CardAudio | null) => void
  onUploading?: (uploading: boolean) => void
}

type Phase = 'idle' | 'recording' | 'uploading'

/**
 * One side's sound: a recording uploaded from a file, or recorded here with the microphone
 * (MediaRecorder, stopped by the student or at the 60-second limit), uploaded at once; then played
 * back, replaced or removed. A refusal shows the server's message.
 */
export function CardSoundField({ side, audio, onChange, onUploading }: CardSoundFieldProps) {
  const t = useT()
  const lower = side.toLowerCase()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const [error, setError] = useState('')

  // Leaving the form mid-recording releases the microphone (and uploads nothing).
  useEffect(
    () => () => {
      const current = recorder.current
      if (!current) return
      current.onstop = null
      if (current.state !== 'inactive') current.stop()
      for (const track of current.stream.getTracks()) track.stop()
    },
    [],
  )

  const send = async (body: Blob, type: MediaAudioType) => {
    setError('')
    setPhase('uploading')
    onUploading?.(true)
    try {
      const uploaded = await uploadSound(body, type)
      onChange({ id: uploaded.id, url: uploaded.url, durationMs: uploaded.durationMs })
    } catch (failure) {
      setError(errorMessage(failure, mediaMessages.uploadFailed))
    } finally {
      setPhase('idle')
      onUploading?.(false)
      if (input.current) input.current.value = ''
    }
  }

  const choose = (file: File | undefined) => {
    if (!file) return
    const type = audioUploadType(file.type, file.name)
    if (!type) {
      setError(mediaMessages.notARecording)
      return
    }
    void send(file, type)
  }

  const record = async () => {
    setError('')
    const mimeType = typeof MediaRecorder === 'undefined' ? undefined : recordingType((type) => MediaRecorder.isTypeSupported(type))
    const type = mimeType && audioUploadType(mimeType)
    if (!mimeType || !type || !navigator.mediaDevices?.getUserMedia) {
      setError(mediaMessages.cannotRecord)
      return
    }
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setError(mediaMessages.noMicrophone)
      return
    }
    const chunks: Blob[] = []
    const started = new MediaRecorder(stream, { mimeType })
    // Stopped a little before the limit: the file's length must stay within it.
    const limit = setTimeout(() => started.state === 'recording' && started.stop(), MEDIA_LIMITS.defaultMaxAudioSeconds * 1000 - 500)
    started.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    started.onstop = () => {
      clearTimeout(limit)
      for (const track of stream.getTracks()) track.stop()
      recorder.current = null
      void send(new Blob(chunks, { type: mimeType }), type)
    }
    recorder.current = started
    started.start()
    setPhase('recording')
  }

  const seconds = audio ? Math.max(1, Math.round(audio.durationMs / 1000)) : 0
  return (
    <div className={styles.side} data-testid={`${lower}-sound`}>
      <div className={styles.controls}>
        {audio && (
          <>
            <AudioButton audio={audio} label={lower === 'term' ? t('card.playTermRecording') : t('card.playDefinitionRecording')} />
            <small className="muted">{t('card.sound.recording', { side: lower, seconds })}</small>
          </>
        )}
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept={AUDIO_ACCEPT}
          aria-label={audio ? t('card.sound.replaceSide', { side: lower }) : t('card.sound.addSide', { side: lower })}
          onChange={(event) => choose(event.target.files?.[0])}
          disabled={phase !== 'idle'}
        />
        <label htmlFor={inputId} className={`button button-secondary ${styles.choose}`} aria-hidden="true">
          {audio ? t('card.sound.replace') : t('card.sound.add')}
        </label>
        {phase === 'recording' ? (
          <button type="button" className="button" onClick={() => recorder.current?.stop()} aria-label={t('card.sound.stopSide', { side: lower })}>
            {t('card.sound.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void record()}
            disabled={phase !== 'idle'}
            aria-label={t('card.sound.recordSide', { side: lower })}
          >
            <MicrophoneIcon /> {t('card.sound.record')}
          </button>
        )}
        {audio && phase === 'idle' && (
          <button type="button" className="button button-secondary" onClick={() => onChange(null)} aria-label={t('card.sound.removeSide', { side: lower })}>
            {t('card.sound.remove')}
          </button>
        )}
      </div>
      <p className={styles.status} role="status">
        {phase === 'recording' ? t('card.sound.recordingSide', { side: lower }) : phase === 'uploading' ? t('card.sound.uploadingSide', { side: lower }) : ''}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
