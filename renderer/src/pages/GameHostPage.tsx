import { useParams } from 'react-router-dom'
import { HostGame } from '@/features/games/HostGame'

/** /games/:id/host: the host's screen of a live game. */
export function GameHostPage() {
  const { id = '' } = useParams()
  return <HostGame gameId={id} />
}
