/**
 * Anki's cloze deletions, `{{c1::answer}}` or `{{c1::answer::hint}}`, nested or repeated, read
 * into a tree so each deletion number gives one card: the text with that number's deletions
 * blanked (the others shown as their text) and what was blanked as the answer.
 */

interface ClozeNode {
  ord: number
  children: Array<string | ClozeNode>
}

export interface ClozeCard {
  ord: number
  /** The field's HTML with this deletion blanked as `[...]`. */
  questionHtml: string
  /** The blanked text (each occurrence, joined with ", "), HTML. */
  answerHtml: string
  /** The first hint of this deletion, HTML, or empty. */
  hint: string
  /** Image Occlusion notes are clozes over a picture: no text to learn from. */
  imageOcclusion: boolean
}

const TOKEN = /\{\{c(\d+)::|\}\}/g

function parse(html: string): Array<string | ClozeNode> {
  const root: Array<string | ClozeNode> = []
  const stack: ClozeNode[] = []
  const current = () => stack.at(-1)?.children ?? root
  let at = 0
  for (const match of html.matchAll(TOKEN)) {
    const index = match.index ?? 0
    if (index > at) current().push(html.slice(at, index))
    if (match[1] !== undefined) {
      const node: ClozeNode = { ord: Number(match[1]), children: [] }
      current().push(node)
      stack.push(node)
    } else if (stack.length > 0) {
      stack.pop()
    } else {
      current().push('}}')
    }
    at = index + match[0].length
  }
  if (at < html.length) current().push(html.slice(at))
  // An unclosed deletion is shown as text, as Anki does with broken syntax.
  return root
}

/** A node's own content and hint: the hint follows the first `::` in the node's direct text. */
function splitHint(node: ClozeNode): { content: Array<string | ClozeNode>; hint: string } {
  const content: Array<string | ClozeNode> = []
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i] as string | ClozeNode
    if (typeof child === 'string' && child.includes('::')) {
      const cut = child.indexOf('::')
      if (cut > 0) content.push(child.slice(0, cut))
      const rest = [child.slice(cut + 2), ...node.children.slice(i + 1)]
      return { content, hint: rest.map((part) => (typeof part === 'string' ? part : revealed(part))).join('') }
    }
    content.push(child)
  }
  return { content, hint: '' }
}

/** A deletion shown as its text (every nested deletion revealed). */
function revealed(node: ClozeNode): string {
  return splitHint(node)
    .content.map((part) => (typeof part === 'string' ? part : revealed(part)))
    .join('')
}

function render(parts: Array<string | ClozeNode>, ord: number, answers: string[], hints: string[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part
      const { content, hint } = splitHint(part)
      if (part.ord === ord) {
        answers.push(revealed(part))
        if (hint) hints.push(hint)
        return '[...]'
      }
      return render(content, ord, answers, hints)
    })
    .join('')
}

function ordsOf(parts: Array<string | ClozeNode>, into: Set<number>): Set<number> {
  for (const part of parts) {
    if (typeof part === 'string') continue
    into.add(part.ord)
    ordsOf(part.children, into)
  }
  return into
}

/** One card per deletion number, in number order; none when the text has no deletion. */
export function clozeCards(html: string): ClozeCard[] {
  const tree = parse(html)
  return [...ordsOf(tree, new Set())]
    .sort((a, b) => a - b)
    .map((ord) => {
      const answers: string[] = []
      const hints: string[] = []
      const questionHtml = render(tree, ord, answers, hints)
      return {
        ord,
        questionHtml,
        answerHtml: answers.join(', '),
        hint: hints[0] ?? '',
        imageOcclusion: answers.some((answer) => answer.startsWith('image-occlusion:')),
      }
    })
}
