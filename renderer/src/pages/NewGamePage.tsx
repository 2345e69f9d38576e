import { useSearchParams } from 'react-router-dom'
import { NewGame } from '@/features/games/NewGame'

/** /games/new?setId=...&classId=...: the host sets up a live game. */
export function NewGamePage() {
  const [params] = useSearchParams()
  return <NewGame setId={params.get('setId') ?? undefined} classId={params.get('classId') ?? undefined} />
}
