import { useParams } from 'react-router-dom'
import { MATCH_FETCH_LIMIT } from '@shared/limits'
import { MatchGame } from '@/features/study/match/MatchGame'
import { StudyLoadView } from '@/features/study/StudyFrame'
import { useStudyCards } from '@/features/study/useStudyCards'

/** /study-sets/:id/match: the set's first 50 cards (spec section 7), played 10 at a time. */
export function MatchPage() {
  const { id = '' } = useParams()
  const load = useStudyCards(id, { pageSize: MATCH_FETCH_LIMIT, limit: MATCH_FETCH_LIMIT })
  return (
    <StudyLoadView title="Match Mode" setId={id} load={load} emptyAction="playing Match mode">
      {({ set, cards }) => <MatchGame key={set.id} setId={set.id} cards={cards} />}
    </StudyLoadView>
  )
}
