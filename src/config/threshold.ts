/** Parses a threshold given as a fraction ("0.1") or a percentage ("10%"). Returns null if invalid. */
export function parseThreshold(text: string): number | null {
  const trimmed = text.trim()
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed)
  const value = percent ? Number(percent[1]) / 100 : /^\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : NaN
  if (!Number.isFinite(value) || value <= 0 || value > 10) return null
  // "10" is almost certainly meant as 10%, but a 1000% threshold is legal: refuse to guess.
  if (!percent && value > 1) return null
  return value
}
