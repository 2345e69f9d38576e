import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe-core's source, run only in a page that does not have it yet: AxeBuilder sends and runs its
 * 550 KB twice for every check otherwise (about 150 ms of a 650 ms check here). As a string
 * literal the page scans it without parsing it when axe is already there.
 */
const AXE_ONCE = `if (!window.axe) (0, eval)(${JSON.stringify(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))})`

/**
 * The specs' axe: run in the page itself (legacy mode: no blank page opened for every run, much
 * faster, and the app has no iframes), the source loaded once per page. Add tags and `include` as needed.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode()
}

/** The WCAG 2.0 and 2.1 A and AA rules the specs check. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now (or only within `include`, a selector). */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = axeBuilder(page).withTags(WCAG_TAGS)
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
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
