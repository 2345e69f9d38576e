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

interface MatchBoardProps {
  terms: MatchItem[]
  definitions: MatchItem[]
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

const COLUMNS: Array<{ type: MatchItemType; title: string; done: string }> = [
  { type: 'term', title: 'Terms', done: 'All terms matched!' },
  { type: 'definition', title: 'Definitions', done: 'All definitions matched!' },
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
export function MatchBoard({ terms, definitions, selectedId, onDrop, onSelect }: MatchBoardProps) {
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
    return item ? item.content || `the ${item.type} picture` : ''
  }
  const active = items.find((item) => item.id === activeId)

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${contentOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${contentOf(active.id)} is over ${contentOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${contentOf(active.id)} on ${contentOf(over.id)}.` : 'Dropped outside the cards.'),
    onDragCancel: () => 'Dragging was cancelled.',
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
      <p className={styles.prompt}>Drag a card onto its matching pair!</p>
      <p id={hintId} className={`muted ${styles.hint}`}>
        Or select a card, then its match in the other column.
      </p>
      <div className={styles.board} ref={boardRef}>
        {COLUMNS.map((column) => {
          const left = remaining(column.type === 'term' ? terms : definitions)
          const headingId = `${hintId}-${column.type}`
          return (
            <section key={column.type} className={styles.column} aria-labelledby={headingId} data-column={column.type}>
              <h2 id={headingId} className={styles.columnTitle}>
                {column.title}
              </h2>
              {left.length === 0 ? (
                <p className={styles.done}>{column.done}</p>
              ) : (
                <ul className={styles.cards} aria-labelledby={headingId}>
                  {left.map((item) => (
                    <li key={item.id}>
                      <MatchCardButton item={item} selected={item.id === selectedId} describedBy={hintId} onSelect={onSelect} onFocus={rememberColumn} />
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
  return (
    <>
      {item.image && (
        <CardImage
          image={item.image}
          text={item.content}
          position={0}
          alt={item.content || `Picture of a ${item.type}`}
          size="tile"
          className={styles.tileImage}
        />
      )}
      {item.content && <span>{item.content}</span>}
    </>
  )
}
