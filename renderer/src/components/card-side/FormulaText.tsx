import { useEffect, useMemo, useRef, useState } from 'react'
import { splitFormulas } from '#shared/text/formulas'
import styles from './CardSide.module.css'

type Renderer = typeof import('./formula-render')
let loading: Promise<Renderer> | undefined
/** KaTeX's chunk, fetched once, the first time a formula is shown. */
const loadRenderer = () => {
  loading ??= import('./formula-render')
  return loading
}

/**
 * One formula: its source as text until KaTeX is loaded, then drawn; a formula that does not
 * parse keeps showing its source. KaTeX writes into an element React renders empty, so the two
 * never fight over its children.
 */
function Formula({ tex, display, source }: { tex: string; display: boolean; source: string }) {
  const target = useRef<HTMLSpanElement>(null)
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading')
  useEffect(() => {
    let live = true
    setState('loading')
    loadRenderer().then(
      (renderer) => {
        if (live && target.current) setState(renderer.renderFormula(target.current, tex, display) ? 'drawn' : 'failed')
      },
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [tex, display])
  return (
    <>
      {/* Named by its LaTeX: a button or option holding only a formula still has a name. */}
      <span ref={target} role="math" aria-label={tex} className={display ? styles.display : styles.inline} hidden={state !== 'drawn'} data-formula={state} />
      {state !== 'drawn' && <span className={state === 'failed' ? styles.source : undefined}>{source}</span>}
    </>
  )
}

/**
 * A card side's text with its formulas (`\(...\)`, `\[...\]`) drawn; plain text stays plain. The
 * text keeps its own direction (`dir="auto"`): Arabic on an English page, English on an Arabic one.
 */
export function FormulaText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => splitFormulas(text), [text])
  if (!parts.some((part) => part.kind === 'formula'))
    return (
      <span className={className} dir="auto">
        {text}
      </span>
    )
  return (
    <span className={className} dir="auto">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          // The parts of one text keep their order: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <Formula key={index} tex={part.tex} display={part.display} source={part.source} />
        ),
      )}
    </span>
  )
}
