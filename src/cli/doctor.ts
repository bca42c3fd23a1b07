/**
 * `perf-gate doctor`: can this machine run a gate, and how noisy is it? One line per check, so a
 * failing CI job or a new laptop shows what to fix before a multi-minute gate fails halfway.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import { existsSync } from 'node:fs'
import { cannotBlockReasons } from '../config/can-block.js'
import type { LoadedConfig } from '../config/load.js'
import { K6_VERSION, findK6 } from '../load/k6.js'
import { findCompose } from '../stack/compose-stack.js'
import { ECHO_IMAGE } from '../stack/echo-image.js'
import { exposedTcpPorts } from './init-config.js'

/** ok: fine; warning: works but may hurt the measurement; problem: a gate cannot run. */
export type CheckStatus = 'ok' | 'warning' | 'problem'

export interface Check {
  name: string
  status: CheckStatus
  detail: string
}

/** Times a fixed CPU-bound loop `samples` times; returns the median in ms and the coefficient of variation. */
export function cpuNoise(
  samples = 20,
  iterations = 2_000_000,
): { medianMs: number; cv: number; samples: number } {
  const times: number[] = []
  let sink = 0
  // One extra round first, not counted: it includes the JIT compiling the loop.
  for (let s = -1; s < samples; s++) {
    const began = performance.now()
    for (let i = 1; i <= iterations; i++) sink += Math.sqrt(i) % 7
    if (s >= 0) times.push(performance.now() - began)
  }
  // Keeps the loop from being optimised away.
  if (sink < 0) times.push(0)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  const sd = Math.sqrt(times.reduce((a, t) => a + (t - mean) ** 2, 0) / (times.length - 1))
  const sorted = [...times].sort((a, b) => a - b)
  const mid = sorted.length / 2
  const medianMs =
    sorted.length % 2
      ? (sorted[Math.floor(mid)] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
  return { medianMs, cv: sd / mean, samples }
}

type RuntimeClient = Awaited<ReturnType<typeof getContainerRuntimeClient>>

/** The engine, then with a config: Compose (for stack.compose) and the images the stack needs. */
async function dockerChecks(config: LoadedConfig | undefined): Promise<Check[]> {
  const engine = await dockerEngine()
  if (!('client' in engine)) return [engine.check]
  const checks = [engine.check]
  if (!config) return checks
  const stack = config.config.stack
  if (stack) checks.push(await composeCheck(stack.compose))
  checks.push(...(await composeImageChecks(engine.client, config.compose?.images ?? {})))
  checks.push(...(await serviceImageChecks(engine.client, config.config.services)))
  return checks
}

/** The Docker engine's client and the check that says which engine it is, or the problem. */
async function dockerEngine(): Promise<{ client: RuntimeClient; check: Check } | { check: Check }> {
  let client: RuntimeClient
  let version: { Version?: string; ApiVersion?: string }
  try {
    client = await getContainerRuntimeClient()
    version = await client.container.dockerode.version()
  } catch (error) {
    return {
      check: {
        name: 'docker',
        status: 'problem',
        detail: `no Docker engine reachable (${(error as Error).message.split('\n')[0]}); start Docker or set DOCKER_HOST`,
      },
    }
  }
  const info = client.info.containerRuntime
  return {
    client,
    check: {
      name: 'docker',
      status: 'ok',
      detail: `engine ${version.Version ?? '?'} (API ${version.ApiVersion ?? '?'}), ${info.cpus} CPUs and ${(info.memory / 2 ** 30).toFixed(1)} GiB for containers`,
    },
  }
}

async function composeCheck(file: string): Promise<Check> {
  const compose = await findCompose()
  return compose
    ? {
        name: 'compose',
        status: 'ok',
        detail: `${compose.standalone ? 'docker-compose' : 'docker compose'} ${compose.version} runs ${file}`,
      }
    : {
        name: 'compose',
        status: 'problem',
        detail: `neither "docker compose" nor "docker-compose" works: stack.compose (${file}) needs one`,
      }
}

/** The images of a compose file's started services: present, or the echo image the gate builds. */
async function composeImageChecks(client: RuntimeClient, images: Record<string, string>): Promise<Check[]> {
  const checks: Check[] = []
  for (const [name, image] of Object.entries(images)) {
    // A compose file's images with a variable in their name are resolved by Compose, not here.
    if (image.includes('$')) continue
    const present = await client.image.exists(ImageName.fromString(image))
    // The gate builds the echo backend itself when it is missing (src/stack/echo-image.ts).
    const built = !present && image === ECHO_IMAGE
    checks.push({
      name: `image of ${name}`,
      status: present || built ? 'ok' : 'problem',
      detail: present
        ? `${image} is present`
        : built
          ? `${ECHO_IMAGE} is not in Docker yet: the gate builds it from the echo binary perf-gate ships`
          : `${image} is not in the local Docker engine (docker pull or build it, or give the compose service a build)`,
    })
  }
  return checks
}

/** The images of the config's services: built at run time, present (exposing their ports), or missing. */
async function serviceImageChecks(
  client: RuntimeClient,
  services: LoadedConfig['config']['services'],
): Promise<Check[]> {
  const checks: Check[] = []
  for (const [name, service] of Object.entries(services)) {
    if (!service.image) {
      checks.push({
        name: `image of ${name}`,
        status: 'ok',
        detail: `built from ${service.build?.context} at run time`,
      })
      continue
    }
    const image = ImageName.fromString(service.image)
    if (!(await client.image.exists(image))) {
      checks.push(
        service.image === ECHO_IMAGE
          ? {
              name: `image of ${name}`,
              status: 'ok',
              detail: `${ECHO_IMAGE} is not in Docker yet: the gate builds it from the echo binary perf-gate ships`,
            }
          : {
              name: `image of ${name}`,
              status: 'problem',
              detail: `${service.image} is not in the local Docker engine (docker pull or build it)`,
            },
      )
      continue
    }
    const exposed = exposedTcpPorts((await client.image.inspect(image)).Config?.ExposedPorts)
    const unexposed = service.ports.filter((p) => !exposed.includes(p))
    checks.push(
      unexposed.length === 0 || exposed.length === 0
        ? { name: `image of ${name}`, status: 'ok', detail: `${service.image} is present` }
        : {
            name: `image of ${name}`,
            status: 'warning',
            detail: `${service.image} is present but does not EXPOSE port ${unexposed.join(', ')} (it exposes ${exposed.join(', ')}); check services.${name}.ports`,
          },
    )
  }
  return checks
}

/** Whether the config can ever block a pull request (src/config/can-block.ts). */
export function canBlockCheck(loaded: LoadedConfig): Check {
  const baselinePath = loaded.config.baseline.path
  const reasons = cannotBlockReasons(loaded.config, {
    baselineExists: existsSync(baselinePath),
    baselinePath,
  })
  return reasons.length === 0
    ? { name: 'can block', status: 'ok', detail: 'this config can block a pull request' }
    : {
        name: 'can block',
        status: 'warning',
        detail: `this config can never block: ${reasons.join(' Also: ')}`,
      }
}

/** Runs every check. The exit code is 3 when a required part (Docker, k6, an image) is missing. */
export async function runDoctor(options: {
  config?: LoadedConfig | undefined
  env?: Record<string, string | undefined>
}): Promise<Check[]> {
  const checks = await dockerChecks(options.config)
  const k6 = await findK6(options.env)
  checks.push(
    k6 === null
      ? {
          name: 'k6',
          status: 'problem',
          detail: `k6 not found (looked at K6_PATH, then PATH); install k6 ${K6_VERSION} or set K6_PATH`,
        }
      : {
          name: 'k6',
          status: k6.version === (options.config?.config.k6.version ?? K6_VERSION) ? 'ok' : 'warning',
          detail: `${k6.path} is k6 ${k6.version}${
            options.config?.config.k6.version
              ? k6.version === options.config.config.k6.version
                ? ' (k6.version)'
                : `, but k6.version asks for ${options.config.config.k6.version}: a gate would refuse it`
              : k6.version === K6_VERSION
                ? ''
                : ` (perf-gate is tested with ${K6_VERSION})`
          }`,
        },
  )
  if (options.config) checks.push(canBlockCheck(options.config))
  const cpus = os.availableParallelism()
  checks.push({
    name: 'cpus',
    status: cpus >= 2 ? 'ok' : 'warning',
    detail: `${cpus} available${cpus >= 2 ? '' : ': k6 and the gateway share one core, expect noisy results'}`,
  })
  const freeGiB = os.freemem() / 2 ** 30
  checks.push({
    name: 'memory',
    status: freeGiB >= 1 ? 'ok' : 'warning',
    detail: `${freeGiB.toFixed(1)} GiB free of ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  })
  const noise = cpuNoise()
  // Beyond ~5% a CPU loop's own time varies as much as the regressions worth catching: other load
  // or frequency scaling on this machine will show up in the gate as wide intervals.
  checks.push({
    name: 'noise',
    status: noise.cv <= 0.05 ? 'ok' : 'warning',
    detail: `a fixed CPU loop took ${noise.medianMs.toFixed(1)} ms (median of ${noise.samples}), coefficient of variation ${(noise.cv * 100).toFixed(1)}%${noise.cv <= 0.05 ? '' : ': the machine is busy or throttled, gates here need more rounds'}`,
  })
  return checks
}

/** One aligned line per check: `ok       docker: ...`. */
export function formatChecks(checks: Check[]): string {
  return checks.map((c) => `${c.status.padEnd(8)} ${c.name}: ${c.detail}`).join('\n') + '\n'
}
