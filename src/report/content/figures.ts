/**
 * The figures as tables, rows grouped by level (scenario) as results.json orders them: overhead vs
 * the reference profile, cost per policy hook, payload impact, resources, and CPU per request.
 */
import type { GateResults } from '../../model.js'
import { growthStatement } from '../../stats/resources.js'
import { cpuPerRequestTable } from '../cpu-content.js'
import { formatDeltaMs, formatSignedPct, metricLabel, roundForDisplay, type FigureTable } from '../format.js'

type Figures = NonNullable<GateResults['figures']>
type Overhead = Figures['overhead'][number]
type Interval = { estimate: number; lower: number; upper: number }

const METRICS = ['p50', 'p95', 'p99'] as const

function ratioText(r: Interval): string {
  return `×${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`
}

function addedText(a: Interval): string {
  const signed = (x: number) => formatDeltaMs(x).replace(/ ms$/, '')
  return `${formatDeltaMs(a.estimate)} [${signed(a.lower)}, ${signed(a.upper)}]`
}

function pctText(r: Interval): string {
  return `${formatSignedPct((r.estimate - 1) * 100)} [${formatSignedPct((r.lower - 1) * 100)}, ${formatSignedPct((r.upper - 1) * 100)}]`
}

/**
 * The figures as tables, rows grouped by level (scenario) as results.json orders them: overhead vs
 * the reference profile (ratio and added ms at P50/P95/P99, CIs), and per-hook cost where profiles
 * declare their hooks.
 */
export function figureTables(results: GateResults): FigureTable[] {
  const figures = results.figures
  const cpu = cpuPerRequestTable(results)
  if (!figures) return cpu ? [cpu] : []
  const confidence = `${Math.round(results.confidence * 100)}% CI`
  const tables: FigureTable[] = []
  const payload = payloadTable(figures, confidence)
  if (payload) tables.push(payload)
  const resources = resourcesTable(figures, confidence)
  if (resources) tables.push(resources)
  if (cpu) tables.push(cpu)
  if (figures.overhead.length === 0 || figures.reference === null) return tables
  tables.unshift(overheadTable(figures, figures.reference, confidence))
  const hooks = hookTable(figures, figures.reference, confidence)
  if (hooks) tables.splice(1, 0, hooks)
  return tables
}

function payloadTable(figures: Figures, confidence: string): FigureTable | null {
  const payload = figures.payload ?? []
  if (payload.length === 0) return null
  return {
    title: `Payload impact: each payload size against the smallest at the same load level, ${confidence}`,
    headers: [
      'Level',
      'Profile',
      'Payload',
      ...METRICS.flatMap((m) => [`${metricLabel(m)} added`, `${metricLabel(m)} change`]),
    ],
    rows: payload.map((p) => [
      p.scenario,
      p.profile,
      `${p.payloadBytes} B vs ${p.referenceBytes} B`,
      ...METRICS.flatMap((m) => {
        const f = p.metrics[m]
        return f ? [addedText(f.addedMs), pctText(f.ratio)] : ['—', '—']
      }),
    ]),
  }
}

function resourcesTable(figures: Figures, confidence: string): FigureTable | null {
  const resources = figures.resources ?? []
  if (resources.length === 0) return null
  return {
    title: `Resources per profile and level (candidate runs; memory growth as MiB/min, ${confidence})`,
    headers: [
      'Level',
      'Profile',
      'Service',
      'CPU %',
      'Memory MiB',
      'PIDs',
      'Memory within runs',
      'Memory across runs',
    ],
    rows: resources.map((r) => [
      r.scenario,
      r.profile,
      r.service,
      r.cpuPercent.toFixed(1),
      roundForDisplay(r.memoryMiB),
      r.pids === undefined ? '—' : String(r.pids),
      growthStatement(r.growthInRun, 'in-run'),
      growthStatement(r.growthAcrossRuns, 'across-runs'),
    ]),
  }
}

function overheadTable(figures: Figures, reference: string, confidence: string): FigureTable {
  // The gateway's own cost: the reference measured against the control (stats/overhead.ts).
  const gatewayRow = (o: Overhead) => o.reference !== reference
  const controls = [...new Set(figures.overhead.filter(gatewayRow).map((o) => o.reference))]
  return {
    title: `Overhead vs ${reference} per level: ratio (profile / reference) and added ms, ${confidence} (Welch over runs)${controls.length > 0 ? `; "${reference} vs ${controls.join(', ')}" is what the gateway itself adds` : ''}`,
    headers: [
      'Level',
      'Profile',
      ...METRICS.flatMap((m) => [`${metricLabel(m)} ratio`, `${metricLabel(m)} added`]),
    ],
    rows: figures.overhead.map((o) => [
      o.scenario,
      gatewayRow(o) ? `${o.profile} vs ${o.reference} (the gateway itself)` : o.profile,
      ...METRICS.flatMap((m) => {
        const f = o.metrics[m]
        return f ? [ratioText(f.ratio), addedText(f.addedMs)] : ['—', '—']
      }),
    ]),
  }
}

function hookTable(figures: Figures, reference: string, confidence: string): FigureTable | null {
  const withHooks = figures.overhead.filter((o) => o.hooks !== undefined && o.perHookMs)
  if (withHooks.length === 0) return null
  return {
    title: `Cost per policy hook (added ms over ${reference} / hooks, ${confidence})`,
    headers: ['Level', 'Profile', 'Hooks', ...METRICS.map((m) => `${metricLabel(m)} per hook`)],
    rows: withHooks.map((o) => [
      o.scenario,
      o.profile,
      String(o.hooks),
      ...METRICS.map((m) => {
        const f = o.perHookMs?.[m]
        return f ? addedText(f) : '—'
      }),
    ]),
  }
}
