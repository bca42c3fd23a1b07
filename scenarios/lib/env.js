// Reading the env contract the TypeScript engine fills (src/load). Every parse error names the variable,
// because k6 reports init errors with a stack that points into this file, not at the caller's input.

/** A string variable, or `fallback` when unset or empty. */
export function str(name, fallback) {
  const v = __ENV[name]
  return v === undefined || v === '' ? fallback : v
}

/** A required string variable; stops the init stage with a message naming it. */
export function required(name) {
  const v = str(name, undefined)
  if (v === undefined) throw new Error(`${name} is required`)
  return v
}

/** A non-negative integer variable. */
export function int(name, fallback) {
  const v = str(name, undefined)
  if (v === undefined) return fallback
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`)
  return n
}

/** A JSON variable whose value must be a plain object (HEADERS, EXPECT_HEADERS). */
export function jsonObject(name) {
  const v = str(name, undefined)
  if (v === undefined) return {}
  let parsed
  try {
    parsed = JSON.parse(v)
  } catch (e) {
    throw new Error(`${name} must be a JSON object: ${e.message}`)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${name} must be a JSON object, got ${v}`)
  }
  for (const [k, val] of Object.entries(parsed)) {
    if (typeof val !== 'string') throw new Error(`${name}.${k} must be a string`)
  }
  return parsed
}

/** A JSON array of strings (EXPECT_BODY_CONTAINS, EXPECT_HEADERS_ABSENT), or [] when unset. */
export function jsonStringArray(name) {
  const v = str(name, undefined)
  if (v === undefined) return []
  let parsed
  try {
    parsed = JSON.parse(v)
  } catch (e) {
    throw new Error(`${name} must be a JSON array of strings: ${e.message}`)
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(`${name} must be a JSON array of strings, got ${v}`)
  }
  return parsed
}

/** Any JSON value (GRAPHQL_VARIABLES), or `fallback` when unset. */
export function jsonValue(name, fallback) {
  const v = str(name, undefined)
  if (v === undefined) return fallback
  try {
    return JSON.parse(v)
  } catch (e) {
    throw new Error(`${name} must be JSON: ${e.message}`)
  }
}

/** A JSON array of k6 stages ({ target, duration }), or `fallback` when unset. */
export function stages(name, fallback) {
  const v = str(name, undefined)
  if (v === undefined) return fallback
  let parsed
  try {
    parsed = JSON.parse(v)
  } catch (e) {
    throw new Error(`${name} must be a JSON array of {target, duration}: ${e.message}`)
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every((s) => s && Number.isInteger(s.target) && s.target >= 0 && typeof s.duration === 'string')
  if (!ok) throw new Error(`${name} must be a non-empty JSON array of {target, duration}, got ${v}`)
  return parsed
}

/** Seconds in a k6 duration string such as "8s", "1m30s", "500ms". */
export function durationSeconds(name, text) {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }
  let total = 0
  let consumed = 0
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * unit[m[2]]
    consumed += m[0].length
  }
  if (consumed !== text.length || consumed === 0) {
    throw new Error(`${name} must be a duration such as "8s" or "1m30s", got "${text}"`)
  }
  return total
}

/** A k6 duration string for `seconds` (millisecond resolution, so fractions of DURATION stay exact). */
export function formatDuration(seconds) {
  return `${Math.round(seconds * 1000)}ms`
}
