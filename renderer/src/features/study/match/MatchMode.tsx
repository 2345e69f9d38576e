import { MATCH_FETCH_LIMIT } from '#shared/limits'
import { StudyLoadView } from '@/features/study/StudyFrame'
import { useStudyCards } from '@/features/study/useStudyCards'
import { MatchGame } from './MatchGame'

/** Match mode: the set's first 50 cards (docs/study-rules.md), played 10 at a time. */
export function MatchMode({ setId }: { setId: string }) {
  const load = useStudyCards(setId, { pageSize: MATCH_FETCH_LIMIT, limit: MATCH_FETCH_LIMIT })
  return (
    <StudyLoadView title="Match Mode" setId={setId} load={load} emptyAction="playing Match mode">
      {({ set, cards }) => <MatchGame key={set.id} setId={set.id} cards={cards} />}
    </StudyLoadView>
  )
}
