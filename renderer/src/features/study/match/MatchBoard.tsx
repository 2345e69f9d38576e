import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { type MatchItem, type MatchItemType, remaining } from './match'
import styles from './Match.module.css'
import { CardImage } from '@/components/CardImage'
import { FormulaText, RecordingLabel } from '@/components/card-side'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { type MessageId, useT } from '@/lib/i18n'

interface MatchBoardProps {
  terms: MatchItem[]
  definitions: MatchItem[]
  /** The languages the sides are read aloud in. */
  spoken: SideLanguages
  selectedId: string | null
  onDrop: (draggedId: string, targetId: string) => void
  onSelect: (itemId: string) => void
}

/**
 * The page scrolls while a card is held near the top or bottom tenth of the window (dnd-kit's
 * default is a fifth): a board mostly fits on screen, and reaching for its first or last card
 * should not move the board away from under the pointer.
 */
const AUTO_SCROLL = { threshold: { x: 0.2, y: 0.1 } }

const COLUMNS: Array<{ type: MatchItemType; title: MessageId; done: MessageId }> = [
  { type: 'term', title: 'mode.terms', done: 'match.allTerms' },
  { type: 'definition', title: 'match.definitions', done: 'match.allDefinitions' },
]

/**
 * The two columns of a game. Every card is a drag source and a drop target at once, so a pair is
 * made by dragging either side onto the other; every card is also a button, so a pair can be made
 * without dragging by pressing one card and then its match (click, tap, Enter or Space).
 *
 * Sensors: the mouse sensor starts a drag only after 5 px of movement, so a click still selects;
 * the touch sensor after a short press, so a swipe still scrolls the page and a tap still selects.
 * (dnd-kit advises mouse plus touch sensors over its pointer sensor when touch scrolling must keep
 * working.) No keyboard sensor: Enter and Space select, which is the keyboard way to pair.
 */
export function MatchBoard({ terms, definitions, spoken, selectedId, onDrop, onSelect }: MatchBoardProps) {
  const t = useT()
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
  )
  const [activeId, setActiveId] = useState<string | null>(null)
  const hintId = useId()
  const boardRef = useRef<HTMLDivElement>(null)
  const lastColumnRef = useRef<MatchItemType>('term')
  const items = [...terms, ...definitions]
  const contentOf = (id: string | number | undefined) => {
    const item = items.find((candidate) => candidate.id === id)
    return item ? item.content || t('match.thePicture', { side: item.type }) : ''
  }
  const active = items.find((item) => item.id === activeId)

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('match.drag.start', { item: contentOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('match.drag.over', { item: contentOf(active.id), target: contentOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('match.drag.end', { item: contentOf(active.id), target: contentOf(over.id) }) : t('match.drag.outside')),
    onDragCancel: () => t('match.drag.cancel'),
  }

  const handleDragStart = ({ active }: DragStartEvent) => setActiveId(String(active.id))
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null)
    if (over) onDrop(String(active.id), String(over.id))
  }

  // A matched card leaves the page; if it held the focus, hand it to the next card of its column
  // (or of the other column) so a keyboard player can go on without starting over with Tab.
  const remainingIds = [...remaining(terms), ...remaining(definitions)].map((item) => item.id).join(' ')
  useEffect(() => {
    const board = boardRef.current
    if (!board || (document.activeElement && document.activeElement !== document.body)) return
    const order = lastColumnRef.current === 'term' ? ['term', 'definition'] : ['definition', 'term']
    for (const type of order) {
      const next = board.querySelector<HTMLButtonElement>(`[data-column="${type}"] button`)
      if (next) {
        next.focus()
        return
      }
    }
  }, [remainingIds])

  const rememberColumn = useCallback((type: MatchItemType) => {
    lastColumnRef.current = type
  }, [])

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <p className={styles.prompt}>{t('match.prompt')}</p>
      <p id={hintId} className={`muted ${styles.hint}`}>
        {t('match.hint')}
      </p>
      <div className={styles.board} ref={boardRef}>
        {COLUMNS.map((column) => {
          const left = remaining(column.type === 'term' ? terms : definitions)
          const headingId = `${hintId}-${column.type}`
          return (
            <section key={column.type} className={styles.column} aria-labelledby={headingId} data-column={column.type}>
              <h2 id={headingId} className={styles.columnTitle}>
                {t(column.title)}
              </h2>
              {left.length === 0 ? (
                <p className={styles.done}>{t(column.done)}</p>
              ) : (
                <ul className={styles.cards} aria-labelledby={headingId}>
                  {left.map((item) => (
                    <li key={item.id} className={styles.tileItem}>
                      <MatchCardButton item={item} selected={item.id === selectedId} describedBy={hintId} onSelect={onSelect} onFocus={rememberColumn} />
                      {/* Beside the tile, not in it: a button may not hold another, and listening does not pick the tile. */}
                      <SpeakSlot
                        className={styles.tileSpeak}
                        text={item.content}
                        language={itemLanguages(spoken, item.pairKey)[item.type]}
                        side={item.type}
                        audio={item.audio}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )
        })}
      </div>
      {/* The preview that follows the pointer; the card itself stays in place, faded. */}
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className={`${styles.card} ${styles.overlay}`}>
            <TileContent item={active} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

interface MatchCardButtonProps {
  item: MatchItem
  selected: boolean
  describedBy: string
  onSelect: (itemId: string) => void
  onFocus: (type: MatchItemType) => void
}

function MatchCardButton({ item, selected, describedBy, onSelect, onFocus }: MatchCardButtonProps) {
  const draggable = useDraggable({ id: item.id })
  const droppable = useDroppable({ id: item.id })
  const setRefs = (node: HTMLElement | null) => {
    draggable.setNodeRef(node)
    droppable.setNodeRef(node)
  }
  const isTarget = droppable.isOver && droppable.active?.id !== item.id
  const className = [styles.card, selected && styles.selected, draggable.isDragging && styles.dragging, isTarget && styles.target].filter(Boolean).join(' ')
  return (
    <button
      type="button"
      ref={setRefs}
      className={className}
      aria-pressed={selected}
      aria-describedby={describedBy}
      data-item-type={item.type}
      {...draggable.listeners}
      onClick={() => onSelect(item.id)}
      onFocus={() => onFocus(item.type)}
    >
      <TileContent item={item} />
    </button>
  )
}

/** A tile's picture (sized for the board) and its text. */
function TileContent({ item }: { item: MatchItem }) {
  const t = useT()
  return (
    <>
      {item.image && (
        <CardImage
          image={item.image}
          text={item.content}
          position={0}
          alt={item.content || t('match.pictureOf', { side: item.type })}
          size="tile"
          className={styles.tileImage}
        />
      )}
      {item.content && <FormulaText text={item.content} />}
      {!item.content && !item.image && item.audio && <RecordingLabel />}
    </>
  )
}
