/**
 * results.json from another workflow (the two-stage fork flow) is untrusted input: a fork controls
 * it, and the publish stage posts it with a write token. It is validated against the shape the report
 * reads, names must look like config names, and every free-text field is defanged so it cannot
 * smuggle links, images, HTML or @mentions into the comment.
 */
import { z } from 'zod'
import { ConfigError } from '../errors.js'
import { machineFingerprintSchema, runResultSchema, type GateResults } from '../model.js'

/** Neutralises markdown and HTML that could link, embed, ping or break out of the report's layout. */
export function defang(text: string): string {
  return text
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
    .replace(/[[\]()!`|*_~]/g, (c) => `\\${c}`)
    .replace(/@(?=\w)/g, '@\u200b')
    .replace(/\r?\n/g, ' ')
    .slice(0, 2000)
}

const text = z.string().transform(defang)
const name = z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'expected a config name')
const cellName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]*\/[a-z0-9][a-z0-9_.-]*$/i, 'expected "profile/scenario"')
const finite = z.number().finite()
const verdict = z.enum(['pass', 'regression', 'inconclusive'])
const metric = z.enum(['p50', 'p90', 'p95', 'p99'])
const ratio = z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
const summary = z.object({
  n: z.number().int().nonnegative(),
  median: finite,
  mean: finite,
  lower: finite,
  upper: finite,
  values: z.array(finite).max(10_000),
  unit: z.enum(['run', 'night']).optional(),
  interval: z.enum(['confidence', 'prediction', 'none']).optional(),
})

const cellSchema = z.object({
  cell: cellName,
  profile: name,
  scenario: name,
  control: z.boolean(),
  metric,
  method: z.enum(['stored', 'paired']),
  candidate: summary,
  baseline: summary.nullable(),
  ratio: ratio.nullable(),
  changePct: finite.nullable(),
  pValue: finite.nullable(),
  adjustedPValue: finite.nullable(),
  latencyVerdict: verdict,
  errorRate: z.object({
    candidate: finite,
    candidateInterval: z.tuple([finite, finite]),
    baseline: finite.nullable(),
    ceiling: finite,
    aboveCeiling: z.boolean(),
    significantIncrease: z.boolean(),
  }),
  verdict,
  reasons: z.array(text).max(100),
  runs: z.array(runResultSchema.extend({ invalidReason: text.optional() })).max(10_000),
  checkAccuracy: finite,
  concurrency: finite.optional(),
  payloadBytes: finite.optional(),
  latencyTest: z.enum(['welch', 'history', 'paired-t']).nullable().optional(),
  wilcoxonPValue: finite.nullable().optional(),
  sigmaLogRatio: finite.nullable().optional(),
  otherRatios: z.partialRecord(metric, ratio).optional(),
  excludedRuns: z.number().int().nonnegative().optional(),
})

const resultsSchema = z.object({
  schemaVersion: z.literal(1),
  name,
  mode: z.enum(['gate', 'baseline']),
  method: z.enum(['stored', 'paired', 'none']),
  verdict,
  threshold: finite,
  confidence: finite,
  metric,
  startedAt: text,
  finishedAt: text,
  gitSha: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/)
    .nullable(),
  k6Version: text.nullable(),
  machine: machineFingerprintSchema.extend({
    cpuModel: text,
    os: text,
    kernel: text,
    runner: text.optional(),
  }),
  baseline: z
    .object({
      path: text,
      createdAt: text,
      gitSha: z
        .string()
        .regex(/^[0-9a-f]{7,40}$/)
        .nullable(),
      ageDays: finite,
    })
    .nullable(),
  cells: z.array(cellSchema).max(5_000),
  notes: z.array(text).max(100),
})

/** Validates and defangs results.json written by another workflow. `source` names it in errors. */
export function parseUntrustedResults(json: unknown, source: string): GateResults {
  const parsed = resultsSchema.safeParse(json)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${source}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`),
    )
  }
  return parsed.data as GateResults
}
