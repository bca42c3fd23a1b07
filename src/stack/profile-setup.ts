/**
 * Configures a profile through the gateway's admin API, then polls its route until it answers as
 * expected: a gateway that accepted the config may still be propagating it (WSO2's xds sync, nginx
 * reloads), and load sent before that measures errors, not latency.
 */
import { ConfigError, InfrastructureError } from '../errors.js'
import { hostRefusal } from '../config/hosts.js'
import { maskCredentials } from '../config/secrets.js'
import type { HttpCall, ProfileConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { fillTemplate, fillTemplateIn } from '../config/template.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Most characters of an admin API's answer a message quotes: enough to read an error, not a document. */
export const MAX_QUOTED_CHARS = 80

/**
 * What setup and readiness may reach and how they quote what they get: the stack's service names and
 * hosts the workflow allows (lower case), and a mask for values taken from the environment.
 */
export interface SetupGuard {
  hosts: ReadonlySet<string>
  mask: (text: string) => string
}

/** At most MAX_QUOTED_CHARS of `text`, on one line, with credentials and interpolated values masked. */
export function quoteAnswer(text: string, mask: (text: string) => string): string {
  const flat = maskCredentials(mask(text)).replace(/\s+/g, ' ').trim()
  return flat.length > MAX_QUOTED_CHARS ? `${flat.slice(0, MAX_QUOTED_CHARS)}…` : flat
}

/** Refuses a URL whose host is outside the guard (a captured value can fill a URL at run time). */
function requireReachable(url: string, guard: SetupGuard, where: string): void {
  const refusal = hostRefusal(url, guard.hosts, where)
  if (refusal) throw new ConfigError([guard.mask(refusal)])
}

/** Longest captured value: an id or a key, not a document. */
export const MAX_CAPTURE_CHARS = 4096

/**
 * The value at a dotted path (`data.key`, `items.0.id`) of a parsed JSON response, as text. Only
 * strings, numbers and booleans are captured, without control characters, since a value may become a
 * request header; anything else is an error naming the path.
 */
export function captureValue(json: unknown, dotted: string): string {
  let at: unknown = json
  for (const key of dotted.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key))
      throw new Error(`no value at "${dotted}"`)
    at = (at as Record<string, unknown>)[key]
  }
  if (typeof at !== 'string' && typeof at !== 'number' && typeof at !== 'boolean')
    throw new Error(`the value at "${dotted}" is ${at === null ? 'null' : typeof at}, not a string or number`)
  const text = String(at)
  if (text.length > MAX_CAPTURE_CHARS)
    throw new Error(`the value at "${dotted}" is longer than ${MAX_CAPTURE_CHARS} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new Error(`the value at "${dotted}" holds control characters`)
  return text
}

/** One setup call with its `{{name}}` placeholders filled (the repeat index, earlier captures). */
export function fillCall(call: HttpCall, values: Readonly<Record<string, string>>): HttpCall {
  return {
    ...call,
    url: fillTemplate(call.url, values),
    headers: Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k, fillTemplate(v, values)])),
    body: fillTemplateIn(call.body, values),
  }
}

/**
 * Sends one admin call, retrying on network errors and unexpected statuses. Returns the values the
 * call's `capture` takes from its JSON response.
 */
export async function sendSetupCall(
  call: HttpCall,
  url: string,
  where: string,
  guard: SetupGuard,
): Promise<Record<string, string>> {
  requireReachable(call.url, guard, where)
  const body =
    call.body === undefined
      ? undefined
      : typeof call.body === 'string'
        ? call.body
        : JSON.stringify(call.body)
  const headers = {
    ...(typeof call.body === 'object' ? { 'content-type': 'application/json' } : {}),
    ...call.headers,
  }
  let last = ''
  for (let attempt = 0; attempt <= call.retries; attempt++) {
    if (attempt > 0) await sleep(Math.min(250 * 2 ** (attempt - 1), 2000))
    try {
      const response = await fetch(url, {
        method: call.method,
        headers,
        body,
        // A redirect would take the call (and its admin key) to a host the guard never saw.
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      })
      const text = await response.text()
      if (call.expectStatus.includes(response.status)) return capture(call, text, where, guard)
      last = `HTTP ${response.status}: ${quoteAnswer(text, guard.mask)}`
    } catch (error) {
      last = (error as Error).message
    }
  }
  throw new InfrastructureError(
    `${where}: ${call.method} ${maskCredentials(guard.mask(call.url))} failed after ${call.retries + 1} attempts (${last})`,
  )
}

function capture(call: HttpCall, text: string, where: string, guard: SetupGuard): Record<string, string> {
  const entries = Object.entries(call.capture ?? {})
  if (entries.length === 0) return {}
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new InfrastructureError(
      `${where}: capture needs a JSON response, got: ${quoteAnswer(text, guard.mask)}`,
    )
  }
  const out: Record<string, string> = {}
  for (const [name, dotted] of entries) {
    try {
      out[name] = captureValue(json, dotted)
    } catch (error) {
      throw new InfrastructureError(`${where}: capture ${name}: ${(error as Error).message}`)
    }
  }
  return out
}

/** Polls the profile's readiness URL (default: its target) until it answers with the expected status. */
export async function waitForProfile(
  profile: ProfileConfig,
  resolveUrl: (url: string) => string,
  guard: SetupGuard,
): Promise<void> {
  const readiness = profile.readiness ?? {
    method: 'GET' as const,
    status: profile.expect.status,
    timeout: '30s',
  }
  requireReachable(readiness.url ?? profile.target, guard, `profile "${profile.name}" readiness`)
  const url = resolveUrl(readiness.url ?? profile.target)
  const deadline = Date.now() + durationMs(readiness.timeout)
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: readiness.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      })
      await response.arrayBuffer()
      if (response.status === readiness.status) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await sleep(250)
  }
  throw new InfrastructureError(
    `profile "${profile.name}": ${url} did not answer ${readiness.status} within ${readiness.timeout} (last: ${last})`,
  )
}

/** What setting up a profile on one stack produced: the headers k6 sends to it, captures filled in. */
export interface ProfileSetupResult {
  headers: Record<string, string>
}

/**
 * Applies every setup call of a profile (each `repeat` times, `{{i}}` the index; captures of earlier
 * calls filled in), then waits for readiness. Captured values live only here and in the returned
 * headers: they never reach k6's environment beyond the profile's own request headers.
 */
export async function setUpProfile(
  profile: ProfileConfig,
  resolveUrl: (url: string) => string,
  guard: SetupGuard,
): Promise<ProfileSetupResult> {
  const captured: Record<string, string> = {}
  for (const [i, call] of profile.setup.entries()) {
    const repeat = call.repeat ?? 1
    for (let index = 0; index < repeat; index++) {
      const filled = fillCall(call, { ...captured, i: String(index) })
      const where = `profile "${profile.name}" setup[${i}]${repeat > 1 ? ` (repeat ${index})` : ''}`
      requireReachable(filled.url, guard, where)
      Object.assign(captured, await sendSetupCall(filled, resolveUrl(filled.url), where, guard))
    }
  }
  await waitForProfile(profile, resolveUrl, guard)
  return { headers: profileHeaders(profile, captured) }
}

/** The profile's request headers with `{{name}}` replaced by captured values. */
export function profileHeaders(
  profile: Pick<ProfileConfig, 'headers'>,
  captured: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(profile.headers).map(([name, value]) => [name, fillTemplate(value, captured)]),
  )
}
