/**
 * The report's charts with every kind's own (src/report/charts/registry.ts orders them): what the
 * gate renders and which of them the PR comment opens.
 */
import { chartRegistry } from '../report/charts/registry.js'
import { SCENARIO_KINDS } from './registry.js'

/** Every chart a report may show, in reading order. */
export const REPORT_CHARTS = chartRegistry(SCENARIO_KINDS.flatMap((kind) => kind.charts ?? []))

/** Every chart applicable to these results, in reading order (see ChartRegistry.build). */
export const buildCharts = REPORT_CHARTS.build

/** Which of these charts the comment shows open (see ChartRegistry.shownInComment). */
export const shownInComment = REPORT_CHARTS.shownInComment
