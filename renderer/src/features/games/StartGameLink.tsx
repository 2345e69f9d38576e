import { Link } from 'react-router-dom'

/** "Start a live game" on a set page (the set) or a class page (one of its sets). */
export function StartGameLink({ setId, classId, className = 'button button-secondary' }: { setId?: string; classId?: string; className?: string }) {
  const query = new URLSearchParams({ ...(setId ? { setId } : {}), ...(classId ? { classId } : {}) })
  return (
    <Link className={className} to={`/games/new?${query.toString()}`}>
      Start a live game
    </Link>
  )
}
