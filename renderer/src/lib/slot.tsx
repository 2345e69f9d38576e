import { createContext, type ReactNode, useContext } from 'react'

/** What fills a slot: the element to draw for the props its place gives. */
export type SlotRender<Props> = (props: Props) => ReactNode

/**
 * A slot: a place in a feature's view where another feature's component is drawn, without the
 * feature importing it (issue 25: pages compose features). The feature places `<Slot {...props} />`
 * wherever the component belongs, as deep in its views as it likes; the page wraps the feature in
 * `<Slot.Provider render={(props) => <OtherFeaturesComponent {...props} />}>`. A place with no
 * Provider above it draws nothing.
 *
 * For one component used in one place a page hands in a `ReactNode` prop instead (`actions`,
 * `games`); a slot is for one needed in many places (the read-aloud button beside every card side
 * of every study mode). `render` is called while the place renders: it returns elements and calls
 * no hooks.
 */
export function createSlot<Props extends object>(name: string) {
  const Filler = createContext<SlotRender<Props> | null>(null)
  Filler.displayName = name

  function Slot(props: Props): ReactNode {
    const render = useContext(Filler)
    return render ? render(props) : null
  }
  function Provider({ render, children }: { render: SlotRender<Props>; children?: ReactNode }) {
    return <Filler.Provider value={render}>{children}</Filler.Provider>
  }
  Slot.displayName = name
  Provider.displayName = `${name}.Provider`
  return Object.assign(Slot, { Provider })
}
