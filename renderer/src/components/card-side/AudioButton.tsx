import { type SyntheticEvent, useRef, useState } from 'react'
import type { CardAudio } from '#shared/api/media'
import { PauseIcon, PlayIcon } from '@/components/icons'
import styles from './CardSide.module.css'

/** The look of a side's sound button (44 px, quiet until hovered), shared with read-aloud's speaker. */
export const soundButtonClass = styles.play

/** Stops a click reaching what is around the button (a flashcard turns over on a click). */
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation()

/**
 * Plays a card side's recording (and stops it on a second press). The <audio> element fetches
 * nothing until played; the token cookie lets a private recording play for its owner, and the
 * service worker's media cache keeps it for offline study like a picture.
 */
export function AudioButton({ audio, label, className }: { audio: CardAudio; label: string; className?: string }) {
  const player = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const toggle = (event: SyntheticEvent) => {
    keepToSelf(event)
    const element = player.current
    if (!element) return
    if (element.paused) {
      element.currentTime = 0
      void element.play().catch(() => setPlaying(false))
    } else element.pause()
  }
  return (
    <span className={styles.audio}>
      <button
        type="button"
        className={[styles.play, className].filter(Boolean).join(' ')}
        aria-label={label}
        title={label}
        aria-pressed={playing}
        onPointerDown={keepToSelf}
        onPointerUp={keepToSelf}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken word or phrase; the side's text is its transcript */}
      <audio ref={player} src={audio.url} preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} />
    </span>
  )
}
