import { useCallback, useEffect, useRef, useState } from 'react'
import type { Game, GameEventMap } from '#shared/api/games'
import { errorMessage } from '@/lib/api'
import { applyGameEvent } from './game-state'

const EVENTS = ['lobby', 'question', 'answered', 'reveal', 'ended'] as const

export interface GameConnection {
  game: Game | null
  error: string
  /** False while the event stream is down (the browser reconnects by itself). */
  live: boolean
  reload: () => Promise<void>
}

/**
 * A game kept current: read once, then followed on its event stream. Reconnecting (a reload, a
 * network blip) reads the game again, so nothing said meanwhile is missed. `load` and `eventsUrl`
 * are the host's or the player's (their credentials differ); null while there is nothing to follow.
 */
export function useGame(load: ((signal?: AbortSignal) => Promise<Game>) | null, eventsUrl: string | null): GameConnection {
  const [game, setGame] = useState<Game | null>(null)
  const [error, setError] = useState('')
  const [live, setLive] = useState(true)
  const loadRef = useRef(load)
  loadRef.current = load

  const reload = useCallback(async () => {
    if (!loadRef.current) return
    try {
      setGame(await loadRef.current())
      setError('')
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }, [])

  useEffect(() => {
    if (!load || !eventsUrl) return
    let closed = false
    void reload()
    const source = new EventSource(eventsUrl)
    for (const type of EVENTS) {
      source.addEventListener(type, (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as GameEventMap[typeof type]
        setGame((current) => {
          if (!current) return current
          // A reveal of a question this page never saw (it connected late): read the whole game.
          if (type === 'reveal' && current.question?.index !== (data as GameEventMap['reveal']).index) {
            void reload()
            return current
          }
          return applyGameEvent(current, type, data)
        })
        if (type === 'ended') {
          closed = true
          source.close()
        }
      })
    }
    source.onopen = () => {
      setLive(true)
      void reload()
    }
    source.onerror = () => {
      if (!closed) setLive(false)
    }
    return () => {
      closed = true
      source.close()
    }
  }, [load, eventsUrl, reload])

  return { game, error, live, reload }
}
