import { Link } from 'react-router-dom'
import { useT } from '@/lib/i18n'

/** "Start a live game" on a set page (the set) or a class page (one of its sets). */
export function StartGameLink({ setId, classId, className = 'button button-secondary' }: { setId?: string; classId?: string; className?: string }) {
  const t = useT()
  const query = new URLSearchParams({ ...(setId ? { setId } : {}), ...(classId ? { classId } : {}) })
  return (
    <Link className={className} to={`/games/new?${query.toString()}`}>
      {t('games.new.title')}
    </Link>
  )
}
