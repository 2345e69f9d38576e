import { describe, expect, it } from 'vitest'
import { auc, evaluateLog, logLoss, metrics, rmseBins } from './evaluate'
import { predictRecall } from './fit'
import { simulateLog } from './simulate'

const p = (probability: number, recalled: 0 | 1) => ({ probability, recalled })

describe('the metrics', () => {
  it('log loss: ln 2 for a coin toss, 0 for certainty that was right', () => {
    expect(logLoss([p(0.5, 1), p(0.5, 0)])).toBeCloseTo(Math.LN2, 12)
    expect(logLoss([p(1, 1), p(0, 0)])).toBeLessThan(1e-5)
    expect(logLoss([p(0.9, 1)])).toBeCloseTo(-Math.log(0.9), 12)
  })

  it('AUC: 1 when every recalled review was ranked above every forgotten one, 0 reversed, 0.5 for ties', () => {
    expect(auc([p(0.9, 1), p(0.8, 1), p(0.3, 0)])).toBe(1)
    expect(auc([p(0.2, 1), p(0.8, 0)])).toBe(0)
    expect(auc([p(0.5, 1), p(0.5, 0), p(0.5, 1), p(0.5, 0)])).toBe(0.5)
    expect(auc([p(0.9, 1), p(0.4, 0), p(0.6, 1), p(0.7, 0)])).toBeCloseTo(0.75, 12)
  })

  it('RMSE(bins): 0 when each bin’s recall rate is its prediction, the gap otherwise', () => {
    expect(rmseBins([p(0.75, 1), p(0.75, 1), p(0.75, 1), p(0.75, 0)])).toBeCloseTo(0, 12)
    expect(rmseBins([p(0.9, 0), p(0.9, 0)])).toBeCloseTo(0.9, 12)
  })
})

describe('on a synthetic log drawn from a known FSRS-6 model', () => {
  const TRUE_WEIGHTS = [0.3, 1.5, 3.0, 10, 6.0, 0.6, 2.5, 0.01, 1.6, 0.15, 0.9, 1.6, 0.08, 0.3, 1.5, 0.5, 2.2, 0.5, 0.1, 0.05, 0.25]
  const log = simulateLog({ settings: { desiredRetention: 0.9, weights: TRUE_WEIGHTS }, cards: 300, days: 150, seed: 11, maxDelayDays: 4 })

  /** The expected log loss of the true model is the mean binary entropy of its probabilities; and its standard error. */
  function expectedLogLoss(probabilities: number[]) {
    const h = (q: number) => -(q * Math.log(q) + (1 - q) * Math.log(1 - q))
    const variance = (q: number) => q * (1 - q) * Math.log(q / (1 - q)) ** 2
    const n = probabilities.length
    return { mean: probabilities.reduce((sum, q) => sum + h(q), 0) / n, sd: Math.sqrt(probabilities.reduce((sum, q) => sum + variance(q), 0)) / n }
  }

  it('the true model’s measured log loss is its expected log loss, within 4 standard errors', () => {
    const predictions = predictRecall(TRUE_WEIGHTS, log)
    const generated = log.filter((review) => review.probability !== undefined && review.elapsedDays > 0).map((review) => review.probability as number)
    expect(predictions.length).toBe(generated.length)
    expect(predictions.length).toBeGreaterThan(1000)
    // predictRecall gives back exactly the generator's probabilities.
    expect(predictions.map((prediction) => prediction.probability).sort()).toEqual([...generated].sort())
    const expected = expectedLogLoss(generated)
    expect(Math.abs(logLoss(predictions) - expected.mean)).toBeLessThan(4 * expected.sd)
    expect(metrics(predictions).auc).toBeGreaterThan(0.5)
  })

  it('evaluateLog: fitted parameters on time-series splits come close to the expected log loss and beat the defaults', async () => {
    const evaluation = await evaluateLog(
      log.map((review) => ({ cardId: review.cardId, at: review.at, rating: review.rating })),
      5,
    )
    expect(evaluation.parameters).toHaveLength(21)
    expect(evaluation.fitted.count).toBe(evaluation.default.count)
    const measuredAt = new Set(predictRecall(TRUE_WEIGHTS, log).map((prediction) => prediction.at.getTime()))
    expect(measuredAt.size).toBeGreaterThan(0)
    const expected = expectedLogLoss(
      log.filter((review) => review.probability !== undefined && review.elapsedDays > 0).map((review) => review.probability as number),
    )
    console.info(
      `expected ${expected.mean.toFixed(4)} ± ${expected.sd.toFixed(4)}; default ${JSON.stringify(evaluation.default)}; fitted ${JSON.stringify(evaluation.fitted)}`,
    )
    expect(evaluation.fitted.logLoss).toBeLessThan(evaluation.default.logLoss)
    expect(Math.abs(evaluation.fitted.logLoss - expected.mean)).toBeLessThan(0.03)
    expect(evaluation.fitted.rmseBins).toBeLessThan(evaluation.default.rmseBins)
  }, 120_000)
})
