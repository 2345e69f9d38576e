import { useParams } from 'react-router-dom'
import { ClassDetail } from '@/features/classes/ClassDetail'
import type { ClassGamesSlot } from '@/features/classes/TeacherClass'
import { ClassGames } from '@/features/games'

const games: ClassGamesSlot = (props) => <ClassGames {...props} />

/** /classes/:id: one class, as its teacher or a student sees it. */
export function ClassDetailPage() {
  const { id = '' } = useParams()
  return <ClassDetail key={id} id={id} games={games} />
}
