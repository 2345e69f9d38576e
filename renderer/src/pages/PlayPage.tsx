import { useParams } from 'react-router-dom'
import { PlayGame } from '@/features/games/PlayGame'

/** /play and /play/:code: a phone joins and plays a live game. */
export function PlayPage() {
  const { code } = useParams()
  return <PlayGame key={code ?? ''} code={code} />
}
