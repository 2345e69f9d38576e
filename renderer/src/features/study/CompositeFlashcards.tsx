import { FlashcardView } from './flashcards/FlashcardView'
import { useT } from '@/lib/i18n'
import { useStudyCards } from './useStudyCards'

const noMore = async () => {}

/** Flashcards over a folder's cards (or sets studied together), loaded whole: each answer goes to the card's own set. */
export function CompositeFlashcards({ studyId }: { studyId: string }) {
  const t = useT()
  const load = useStudyCards(studyId, { pageSize: 500 })
  if (load.kind === 'loading')
    return (
      <p className="muted" role="status">
        {t('flashcards.loadingCards')}
      </p>
    )
  if (load.kind !== 'ready')
    return (
      <p className="alert-error" role="alert">
        {load.kind === 'error' ? load.message : t('flashcards.notFound')}
      </p>
    )
  if (load.cards.length === 0) return <p className="muted">{t('flashcards.compositeEmpty')}</p>
  return <FlashcardView setId={studyId} cards={load.cards} total={load.cards.length} loadingMore={false} loadError="" onLoadMore={noMore} onLoadAll={noMore} />
}
