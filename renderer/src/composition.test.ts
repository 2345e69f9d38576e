import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Issue 25: pages compose features, features do not render each other's UI. A feature may use
 * another's hooks, API calls, types and data through its `index.ts` (eslint.config.js), but a JSX
 * element whose tag is imported from `@/features/<another feature>` (statically, or lazily with
 * `import('@/features/<another feature>')`) is an error: the page renders that component and hands
 * it in through a prop or a slot (`@/lib/slot`, docs/renderer.md).
 */
const renderer = import.meta.dirname

/** `features/<name>/...` → `<name>`. */
const featureOf = (file: string) => file.split('/')[1] ?? ''

/** `@/features/<name>` or `@/features/<name>/...` → `<name>`, else null. */
function importedFeature(specifier: string): string | null {
  const match = /^@\/features\/([^/]+)/.exec(specifier)
  return match?.[1] ?? null
}

/** Every `<Tag>` of `source` (a file of feature `feature`) whose Tag comes from another feature: `Tag from @/features/other`. */
export function crossFeatureElements(fileName: string, source: string, feature: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const foreign = new Map<string, string>()

  const remember = (name: string, specifier: string) => {
    const other = importedFeature(specifier)
    if (other !== null && other !== feature) foreign.set(name, other)
  }
  /** The `@/features/...` that a dynamic `import('...')` inside `node` loads, if any. */
  const dynamicImport = (node: ts.Node): string | null => {
    let found: string | null = null
    const visit = (child: ts.Node) => {
      if (found !== null) return
      if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = child.arguments
        if (argument && ts.isStringLiteralLike(argument)) found = argument.text
      }
      ts.forEachChild(child, visit)
    }
    visit(node)
    return found
  }

  const collect = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause && !node.importClause.isTypeOnly) {
      const specifier = node.moduleSpecifier.text
      const clause = node.importClause
      if (clause.name) remember(clause.name.text, specifier)
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) remember(bindings.name.text, specifier)
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) remember(element.name.text, specifier)
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const specifier = dynamicImport(node.initializer)
      if (specifier !== null) remember(node.name.text, specifier)
    }
    ts.forEachChild(node, collect)
  }
  collect(sourceFile)

  const found: string[] = []
  /** The identifier a tag starts with: `Speak` of `<Speak>`, `ns` of `<ns.Speak>`. */
  const rootName = (tag: ts.JsxTagNameExpression): string | null => {
    if (ts.isIdentifier(tag)) return tag.text
    if (ts.isPropertyAccessExpression(tag)) return rootName(tag.expression as ts.JsxTagNameExpression)
    return null
  }
  const check = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const name = rootName(node.tagName)
      const other = name === null ? undefined : foreign.get(name)
      if (other !== undefined) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
        found.push(`${fileName}:${line + 1}: <${node.tagName.getText(sourceFile)}> from @/features/${other}`)
      }
    }
    ts.forEachChild(node, check)
  }
  check(sourceFile)
  return found
}

function featureViews(): string[] {
  return readdirSync(path.join(renderer, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.posix.join('features', file.split(path.sep).join('/')))
}

describe('the check itself', () => {
  it('reports a feature rendering another feature’s component, imported or lazy', () => {
    const source = [
      "import { lazy } from 'react'",
      "import { SpeakButton as Speak, useSideLanguages } from '@/features/read-aloud'",
      "import * as games from '@/features/games'",
      "const Dialog = lazy(() => import('@/features/import-export').then((m) => ({ default: m.ExportDialog })))",
      'export function Card() {',
      '  const languages = useSideLanguages()',
      '  return <div><Speak text="a" /><games.StartGameLink setId="1"></games.StartGameLink><Dialog /></div>',
      '}',
    ].join('\n')
    expect(crossFeatureElements('features/study/Card.tsx', source, 'study')).toEqual([
      'features/study/Card.tsx:7: <Speak> from @/features/read-aloud',
      'features/study/Card.tsx:7: <games.StartGameLink> from @/features/games',
      'features/study/Card.tsx:7: <Dialog> from @/features/import-export',
    ])
  })

  it('allows its own components, shared components, slots and another feature’s hooks, data and types', () => {
    const source = [
      "import { useAuth } from '@/features/auth'",
      "import type { Stars } from '@/features/stars'",
      "import { StudyPanel } from '@/features/study/StudyFrame'",
      "import { Spinner } from '@/components/Spinner'",
      "import { SpeakSlot } from '@/lib/slots'",
      "import { ThingLink } from './ThingLink'",
      'export function Card({ stars, actions }: { stars: Stars; actions: React.ReactNode }) {',
      '  const { user } = useAuth()',
      '  return <StudyPanel><Spinner /><ThingLink />{actions}<SpeakSlot text="a" /></StudyPanel>',
      '}',
    ].join('\n')
    expect(crossFeatureElements('features/study/Card.tsx', source, 'study')).toEqual([])
  })
})

describe('features do not render each other’s components', () => {
  const files = featureViews()

  it('finds the feature views', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files).toContain('features/sets/SetHeader.tsx')
  })

  // 35 such elements when this check was written, none since the pages hand them in (issue 25).
  it('no feature view renders a component imported from another feature', () => {
    const found = files.flatMap((file) => crossFeatureElements(file, readFileSync(path.join(renderer, file), 'utf8'), featureOf(file)))
    expect(found).toEqual([])
  })
})
