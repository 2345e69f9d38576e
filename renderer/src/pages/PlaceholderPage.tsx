/** A route whose screen arrives with a later piece of work; it still renders inside the shell. */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section>
      <h1>{title}</h1>
      {children ?? <p className="muted">This part of Cardwise is on its way.</p>}
    </section>
  )
}
