import { MATCH_FETCH_LIMIT } from '#shared/limits'
import { StudyLoadView } from '@/features/study/StudyFrame'
import { useStudyCards } from '@/features/study/useStudyCards'
import { useT } from '@/lib/i18n'
import { MatchGame } from './MatchGame'

/** Match mode: the set's first 50 cards (docs/study-rules.md), played 10 at a time. */
export function MatchMode({ setId }: { setId: string }) {
  const t = useT()
  const load = useStudyCards(setId, { pageSize: MATCH_FETCH_LIMIT, limit: MATCH_FETCH_LIMIT })
  return (
    <StudyLoadView title={t('match.title')} setId={setId} load={load} emptyAction={t('match.emptyAction')}>
      {({ set, cards }) => <MatchGame key={set.id} set={set} cards={cards} />}
    </StudyLoadView>
  )
}
