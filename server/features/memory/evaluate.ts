import { fitParameters, type LoggedReview, type Prediction, predictRecall } from './fit'

/*
 * How well the memory model predicts recall on a review log (npm run eval:memory): log loss,
 * RMSE(bins) and AUC of the predicted recall of every review on a later day than the card's
 * previous one, for the default parameters and for parameters fitted on the past only
 * (time-series splits: fit on everything before a fold, predict the fold).
 */

export interface Metrics {
  /** Mean of -[y ln p + (1 - y) ln(1 - p)]: lower is better; 0.693 is a coin toss. */
  logLoss: number
  /**
   * Calibration error: predictions put in 20 bins of equal width by predicted recall, then the
   * root of the count-weighted mean squared gap between each bin's mean prediction and its
   * actual recall rate. Lower is better.
   */
  rmseBins: number
  /** Chance that a recalled review got a higher prediction than a forgotten one (0.5: no skill). */
  auc: number
  /** Reviews measured. */
  count: number
}

const EPSILON = 1e-6
const BINS = 20

export function logLoss(predictions: readonly Pick<Prediction, 'probability' | 'recalled'>[]): number {
  let sum = 0
  for (const { probability, recalled } of predictions) {
    const p = Math.min(Math.max(probability, EPSILON), 1 - EPSILON)
    sum -= recalled ? Math.log(p) : Math.log(1 - p)
  }
  return sum / predictions.length
}

export function rmseBins(predictions: readonly Pick<Prediction, 'probability' | 'recalled'>[]): number {
  const bins = Array.from({ length: BINS }, () => ({ n: 0, p: 0, y: 0 }))
  for (const { probability, recalled } of predictions) {
    const bin = bins[Math.min(BINS - 1, Math.floor(probability * BINS))] as { n: number; p: number; y: number }
    bin.n += 1
    bin.p += probability
    bin.y += recalled
  }
  let squared = 0
  for (const bin of bins) if (bin.n > 0) squared += bin.n * (bin.y / bin.n - bin.p / bin.n) ** 2
  return Math.sqrt(squared / predictions.length)
}

/** Area under the ROC curve by ranks (Mann-Whitney), ties sharing their mean rank. */
export function auc(predictions: readonly Pick<Prediction, 'probability' | 'recalled'>[]): number {
  const sorted = [...predictions].sort((a, b) => a.probability - b.probability)
  let positives = 0
  let rankSum = 0
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j < sorted.length && (sorted[j] as Prediction).probability === (sorted[i] as Prediction).probability) j++
    const meanRank = (i + 1 + j) / 2
    for (let k = i; k < j; k++) {
      if ((sorted[k] as Prediction).recalled) {
        positives += 1
        rankSum += meanRank
      }
    }
    i = j
  }
  const negatives = sorted.length - positives
  if (positives === 0 || negatives === 0) return Number.NaN
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives)
}

export function metrics(predictions: readonly Pick<Prediction, 'probability' | 'recalled'>[]): Metrics {
  return { logLoss: logLoss(predictions), rmseBins: rmseBins(predictions), auc: auc(predictions), count: predictions.length }
}

export interface Evaluation {
  default: Metrics
  fitted: Metrics
  /** The parameters fitted on the whole log (what the server would store). */
  parameters: number[] | null
  splits: number
}

/**
 * Time-series splits as scikit-learn's TimeSeriesSplit: the measured reviews in time order cut
 * into `splits + 1` folds; fold i (i >= 1) is predicted with parameters fitted on every review
 * before it. The default parameters are measured on the same folds.
 */
export async function evaluateLog(reviews: readonly LoggedReview[], splits = 5): Promise<Evaluation> {
  const measured = predictRecall(null, reviews).sort((a, b) => a.at.getTime() - b.at.getTime())
  const foldSize = Math.floor(measured.length / (splits + 1))
  const defaults: Prediction[] = []
  const fitted: Prediction[] = []
  for (let fold = 1; fold <= splits; fold++) {
    const from = (measured[fold * foldSize] as Prediction | undefined)?.at
    const to = fold === splits ? undefined : (measured[(fold + 1) * foldSize] as Prediction | undefined)?.at
    if (!from) continue
    const inFold = (prediction: Prediction) => prediction.at >= from && (to === undefined || prediction.at < to)
    const past = reviews.filter((review) => review.at < from)
    const weights = await fitParameters(past)
    defaults.push(...measured.filter(inFold))
    fitted.push(...predictRecall(weights, reviews).filter(inFold))
  }
  return { default: metrics(defaults), fitted: metrics(fitted), parameters: await fitParameters(reviews), splits }
}
