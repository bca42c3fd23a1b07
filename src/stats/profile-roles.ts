/**
 * The roles a profile plays in a gate, in one place: gated (its cells decide the verdict), control
 * (measures the runner, never gates: profile `control: true`), and the overhead reference (what every
 * other profile's overhead is measured against). Every reader of the reference (the overhead table,
 * the overhead chart) asks `referenceProfile`, so they measure against the same profile.
 */
import type { CellComparison } from '../model.js'

/** Does this profile's (or cell's) result decide the verdict? Every profile but a control. */
export function isGated(part: { control?: boolean | undefined }): boolean {
  return part.control !== true
}

/** The cells that decide the verdict (not a control's). */
export function gatedCells<C extends { control?: boolean | undefined }>(cells: readonly C[]): C[] {
  return cells.filter(isGated)
}

/** The cells of control profiles: they monitor the runner. */
export function controlCells<C extends { control?: boolean | undefined }>(cells: readonly C[]): C[] {
  return cells.filter((c) => !isGated(c))
}

/**
 * The profile overheads are measured against: the configured one (report.reference) when some cell
 * ran it, else none; unconfigured, the first gated profile (a gateway with no policies, say), so that
 * a control is measured as the reference over no gateway.
 */
export function referenceProfile(
  cells: readonly Pick<CellComparison, 'profile' | 'control'>[],
  configured: string | null,
): string | null {
  if (configured !== null) return cells.some((c) => c.profile === configured) ? configured : null
  return gatedCells(cells)[0]?.profile ?? null
}
