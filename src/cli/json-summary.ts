/**
 * The machine-readable summary `run --json` and `report --json` print on stdout: one JSON document and
 * nothing else, so `perf-gate run --json | jq .verdict` works while the logs go to stderr.
 */
import { verdictOutput, type VerdictOutput } from '../gate/accept-regression.js'
import type { AcceptedRegression, GateResults, RatioEstimate, Verdict } from '../model.js'

export interface JsonCell {
  cell: string
  control: boolean
  verdict: Verdict
  /** The gated metric's ratio candidate/baseline with its confidence interval; null without a baseline. */
  ratio: RatioEstimate | null
  /** (ratio - 1) * 100. */
  changePct: number | null
  /** The candidate's median of the gated metric, in ms. */
  candidateMs: number
  baselineMs: number | null
  errorRate: number
}

export interface JsonSummary {
  /** The job's verdict, as the action's `verdict` output reads: `accepted` for an accepted regression. */
  verdict: VerdictOutput
  /** The gate's own verdict (`regression` when a regression was accepted). */
  gateVerdict: Verdict
  /** Who accepted the regression and why, or null. */
  acceptedRegression: AcceptedRegression | null
  mode: GateResults['mode']
  method: GateResults['method']
  metric: GateResults['metric']
  threshold: number
  confidence: number
  /** Gated cells whose verdict is regression. */
  regressed: string[]
  cells: JsonCell[]
  paths: { results: string; report: string; html?: string | undefined; charts?: string[] | undefined }
}

/** Builds the summary from results and the paths of the files written. */
export function jsonSummary(
  results: GateResults,
  paths: { resultsPath: string; reportPath: string; htmlPath?: string; charts?: { pngPath: string }[] },
): JsonSummary {
  return {
    verdict: verdictOutput(results),
    gateVerdict: results.verdict,
    acceptedRegression: results.acceptedRegression ?? null,
    mode: results.mode,
    method: results.method,
    metric: results.metric,
    threshold: results.threshold,
    confidence: results.confidence,
    regressed: results.cells.filter((c) => !c.control && c.verdict === 'regression').map((c) => c.cell),
    cells: results.cells.map((c) => ({
      cell: c.cell,
      control: c.control,
      verdict: c.verdict,
      ratio: c.ratio,
      changePct: c.changePct,
      candidateMs: c.candidate.median,
      baselineMs: c.baseline?.median ?? null,
      errorRate: c.errorRate.candidate,
    })),
    paths: {
      results: paths.resultsPath,
      report: paths.reportPath,
      html: paths.htmlPath,
      charts: paths.charts?.map((c) => c.pngPath),
    },
  }
}
