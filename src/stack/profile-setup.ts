/**
 * Configures a profile through the gateway's admin API, then polls its route until it answers as
 * expected: a gateway that accepted the config may still be propagating it (WSO2's xds sync, nginx
 * reloads), and load sent before that measures errors, not latency.
 */
import { InfrastructureError } from '../errors.js'
import type { HttpCall, ProfileConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends one admin call, retrying on network errors and unexpected statuses. */
export async function sendSetupCall(call: HttpCall, url: string, where: string): Promise<void> {
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
        signal: AbortSignal.timeout(10_000),
      })
      const text = await response.text()
      if (call.expectStatus.includes(response.status)) return
      last = `HTTP ${response.status}: ${text.slice(0, 200)}`
    } catch (error) {
      last = (error as Error).message
    }
  }
  throw new InfrastructureError(
    `${where}: ${call.method} ${call.url} failed after ${call.retries + 1} attempts (${last})`,
  )
}

/** Polls the profile's readiness URL (default: its target) until it answers with the expected status. */
export async function waitForProfile(
  profile: ProfileConfig,
  resolveUrl: (url: string) => string,
): Promise<void> {
  const readiness = profile.readiness ?? {
    method: 'GET' as const,
    status: profile.expect.status,
    timeout: '30s',
  }
  const url = resolveUrl(readiness.url ?? profile.target)
  const deadline = Date.now() + durationMs(readiness.timeout)
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { method: readiness.method, signal: AbortSignal.timeout(5_000) })
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

/** Applies every setup call of a profile, then waits for readiness. */
export async function setUpProfile(
  profile: ProfileConfig,
  resolveUrl: (url: string) => string,
): Promise<void> {
  for (const [i, call] of profile.setup.entries()) {
    await sendSetupCall(call, resolveUrl(call.url), `profile "${profile.name}" setup[${i}]`)
  }
  await waitForProfile(profile, resolveUrl)
}
