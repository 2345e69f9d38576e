// `npm run bench:formulas`: what drawing formulas costs, for the choice between KaTeX on the
// server when a card is saved and KaTeX in the browser (docs/content-rules.md, "Formulas"). A 500-card set with a
// formula on each side (an inline one in the term, a display one in the definition):
// - server at save: katex.renderToString for every formula in Node, and how much the stored
//   HTML weighs beside the LaTeX it comes from;
// - browser: katex.render of the same formulas into the page in Chromium (as FormulaText does);
// - bundle: the lazy chunk, its CSS and the woff2 fonts as built in dist/renderer (run
//   `npm run build:renderer` first), gzipped.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright'
import { TEST_BROWSER } from '#tests/support/test-browser.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const require = createRequire(import.meta.url)
const katex = require('katex')
const OPTIONS = { throwOnError: true, trust: false, strict: 'ignore', maxExpand: 200, maxSize: 20, errorColor: 'inherit', output: 'htmlAndMathml' }

const CARDS = 500
const formulas = []
for (let i = 0; i < CARDS; i++) {
  formulas.push({ tex: `\\pi r_{${i}}^2 + \\alpha_${i % 10}`, display: false })
  formulas.push({ tex: `x = \\frac{-b \\pm \\sqrt{b^2-4ac_{${i}}}}{2a} \\quad \\int_0^{${i}} t\\,dt`, display: true })
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

// Server at save, in Node: five rounds, the median.
const serverTimes = []
let htmlBytes = 0
for (let round = 0; round < 5; round++) {
  const start = performance.now()
  htmlBytes = 0
  for (const { tex, display } of formulas) htmlBytes += katex.renderToString(tex, { ...OPTIONS, displayMode: display }).length
  serverTimes.push(performance.now() - start)
}
const sourceBytes = formulas.reduce((sum, { tex }) => sum + tex.length + 4, 0)

// Browser, in Chromium: the same formulas drawn into the DOM; five rounds, the median.
const browser = await chromium.launch({ executablePath: TEST_BROWSER, args: ['--no-sandbox', '--disable-gpu'] })
let browserTimes = []
try {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><main id="m"></main>')
  await page.addScriptTag({ path: path.join(root, 'node_modules/katex/dist/katex.min.js') })
  await page.addStyleTag({ path: path.join(root, 'node_modules/katex/dist/katex.min.css') })
  browserTimes = await page.evaluate(
    ({ formulas, options }) => {
      const times = []
      for (let round = 0; round < 5; round++) {
        const main = document.getElementById('m')
        main.textContent = ''
        const start = performance.now()
        for (const { tex, display } of formulas) {
          const span = document.createElement('span')
          main.append(span)
          window.katex.render(tex, span, { ...options, displayMode: display })
        }
        main.getBoundingClientRect()
        times.push(performance.now() - start)
      }
      return times
    },
    { formulas, options: OPTIONS },
  )
} finally {
  await browser.close()
}

// Bundle, as built.
let bundle = 'not built (run npm run build:renderer)'
try {
  const assets = path.join(root, 'dist/renderer/assets')
  const files = readdirSync(assets)
  const gz = (name) => gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length
  const chunk = files.filter((name) => /^formula-render-.*\.js$/.test(name)).reduce((sum, name) => sum + gz(name), 0)
  const css = files.filter((name) => /^formula-render-.*\.css$/.test(name)).reduce((sum, name) => sum + gz(name), 0)
  const fonts = files.filter((name) => /^KaTeX_.*\.woff2$/.test(name)).reduce((sum, name) => sum + readFileSync(path.join(assets, name)).length, 0)
  bundle = `chunk ${kb(chunk)} gz, CSS ${kb(css)} gz, woff2 fonts ${kb(fonts)} (fetched as a formula needs each)`
} catch {}

console.log(`formulas: ${CARDS} cards, ${formulas.length} formulas`)
console.log(
  `server at save (Node, renderToString): ${median(serverTimes).toFixed(0)} ms per set; HTML ${kb(htmlBytes)} stored for ${kb(sourceBytes)} of LaTeX (${(htmlBytes / sourceBytes).toFixed(0)}x)`,
)
console.log(`browser (Chromium, katex.render into the page): ${median(browserTimes).toFixed(0)} ms for the whole set`)
console.log(`bundle: ${bundle}`)
