import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

/** axe-core's source, sent to a page only when it does not have axe yet (once per document). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The specs' axe, run in the page itself (the app has no frames): `axeBuilder(page)`, then
 * `withTags`, `withRules` or `include` as needed, then `analyze()`. Every rule runs when neither
 * tags nor rules are chosen, as axe's own default.
 *
 * Our own instead of @axe-core/playwright's AxeBuilder: for every check that one sends axe's
 * 550 KB source to the page again, configures it and returns every rule's passes and their
 * elements. Measured on the same pages (2026-11-29, idle, median of 5): 400-700 ms a check with
 * AxeBuilder, 70-110 ms here; in the browser tests' 285 checks about 1 s each at two workers.
 * Only the violations come back in full (`resultTypes`): the specs read nothing else.
 */
export class PageAxe {
  private options: RunOptions = { resultTypes: ['violations'] }
  private selector: string | undefined

  constructor(private readonly page: Page) {}

  /** Only the rules with one of these tags (e.g. WCAG_TAGS). */
  withTags(tags: string[]): this {
    this.options = { ...this.options, runOnly: { type: 'tag', values: tags } }
    return this
  }

  /** Only these rules. */
  withRules(rules: string[]): this {
    this.options = { ...this.options, runOnly: { type: 'rule', values: rules } }
    return this
  }

  /** Only the elements matching `selector` and what they hold (an open dialog, `main`). */
  include(selector: string): this {
    this.selector = selector
    return this
  }

  async analyze(): Promise<Pick<AxeResults, 'violations'>> {
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(AXE_SOURCE)
    const violations = await this.page.evaluate(
      async ({ selector, options }) => {
        const { axe } = window as unknown as { axe: typeof import('axe-core') }
        return (await axe.run(selector === undefined ? document : { include: [selector] }, options)).violations
      },
      { selector: this.selector, options: this.options },
    )
    return { violations }
  }
}

export function axeBuilder(page: Page): PageAxe {
  return new PageAxe(page)
}

/** The WCAG 2.0 and 2.1 A and AA rules the specs check. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** The axe rules whose outcome depends on colours: all that changes from one theme to the other. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** What an axe check looks at and reports. */
export interface AxeCheck {
  /** Only the elements matching this selector and what they hold (an open dialog, `main`). */
  include?: string
  /** Only these rules (of the WCAG ones, or of every rule with `everything`). */
  rules?: string[]
  /**
   * Every rule and every impact, axe's own defaults, instead of the serious and critical
   * violations of WCAG 2.0/2.1 A and AA.
   */
  everything?: boolean
}

/**
 * The violations on the page as it is now, one line each (rule and elements): by default the
 * serious and critical ones of WCAG 2.0/2.1 A and AA.
 */
export async function axeViolations(page: Page, { include, rules, everything = false }: AxeCheck = {}): Promise<string[]> {
  const builder = axeBuilder(page)
  if (rules) builder.withRules(rules)
  else if (!everything) builder.withTags(WCAG_TAGS)
  if (include) builder.include(include)
  const { violations } = await builder.analyze()
  return violations
    .filter((violation) => everything || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** The theme the app shows now (`data-theme` on the root element). */
export function shownTheme(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.dataset.theme ?? 'dark')
}

/**
 * Runs `check` once per theme in one visit: on the page as it is, in the specs' dark system theme,
 * then with the system switched to light (the app follows the system until the student chooses a
 * theme), and leaves the page dark again.
 */
export async function inBothThemes<T>(page: Page, check: (theme: 'dark' | 'light') => Promise<T>): Promise<{ dark: T; light: T }> {
  await expect.poll(() => shownTheme(page)).toBe('dark')
  const dark = await check('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => shownTheme(page)).toBe('light')
  const light = await check('light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => shownTheme(page)).toBe('dark')
  return { dark, light }
}

/** One axe check for both themes: `check` in the dark theme, its colour rules in the light one. Each line says its theme. */
export async function axeViolationsInBothThemes(page: Page, check: AxeCheck = {}): Promise<string[]> {
  const { dark, light } = await inBothThemes(page, (theme) => axeViolations(page, theme === 'dark' ? check : { ...check, rules: COLOUR_RULES }))
  return [...dark.map((line) => `dark theme: ${line}`), ...light.map((line) => `light theme: ${line}`)]
}

/** True when the page is no wider than the window (nothing to scroll sideways). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** Opens every page of the test in the light theme (the app's default is dark). */
export async function useLightTheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('theme', 'light')
    } catch {
      // about:blank has no storage.
    }
  })
}
