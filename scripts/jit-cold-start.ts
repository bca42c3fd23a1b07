// Measures the cold start a fresh gateway container shows (issue 22): starts echo and the gateway on
// a Docker network of its own, drives the gateway with k6 at a constant arrival rate from its first
// request on (no warm-up), and prints the P95 of each window of seconds, then the first window's P95
// against the P95 of the last half. Run for the JIT-compiled jitgw and, as the control, the Go testgw
// (warm on its first request), each on a fresh container, so what differs is the gateway's warm-up
// and not k6's or the machine's.
//
// With --runs N, the same container then answers N more runs of --run-seconds each, every one a k6
// process of its own after --gap seconds idle (1 s of k6 warm-up left out), as a paired gate measures
// a stack: the spread of those runs' P95 against the spread of the continuous run's late windows
// tells how much of a gate's run-to-run scatter comes from separate k6 processes and idle gaps, and
// each run's P95 with its first second counted shows what a new k6 process's connections cost.
//
//   node --experimental-strip-types scripts/jit-cold-start.ts [--rate 250] [--seconds 20] [--window 2] [--work 2000]
//                                   [--gateways jitgw,testgw] [--runs 0] [--run-seconds 6] [--gap 7] [--env K=V ...] [--pin]
//
// --pin places the containers as gate.placement: split does: the gateway on CPU 1, echo and k6 on
// CPU 0 (k6 under taskset).
//
// --env sets one more environment variable of the gateway container (e.g. JAVA_TOOL_OPTIONS=...).
//
// Needs the images from scripts/build-images.sh and k6 on PATH. Removes its containers and network
// on exit. One run is one sample: the machine's load (printed with `uptime`) moves every figure.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '250' },
    seconds: { type: 'string', default: '20' },
    window: { type: 'string', default: '2' },
    work: { type: 'string', default: '2000' },
    gateways: { type: 'string', default: 'jitgw,testgw' },
    runs: { type: 'string', default: '0' },
    'run-seconds': { type: 'string', default: '6' },
    gap: { type: 'string', default: '7' },
    env: { type: 'string', multiple: true, default: [] },
    pin: { type: 'boolean', default: false },
  },
})
type Option = 'rate' | 'seconds' | 'window' | 'runs' | 'run-seconds' | 'gap'
const integer = (name: Option, least: number): number => {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n < least) {
    console.error(`--${name} must be an integer of at least ${least}, got "${values[name]}"`)
    process.exit(2)
  }
  return n
}
const rate = integer('rate', 1)
const seconds = integer('seconds', 1)
const window = integer('window', 1)
const runs = integer('runs', 0)
const runSeconds = integer('run-seconds', 1)
const gap = integer('gap', 0)
const work = Number(values.work)
if (!Number.isInteger(work) || work < 0) {
  console.error(`--work must be a non-negative integer, got "${values.work}"`)
  process.exit(2)
}
const gatewayEnv: Record<string, string> = {}
for (const pair of values.env) {
  const eq = pair.indexOf('=')
  if (eq <= 0) {
    console.error(`--env must be NAME=value, got "${pair}"`)
    process.exit(2)
  }
  gatewayEnv[pair.slice(0, eq)] = pair.slice(eq + 1)
}
const IMAGES: Record<string, string> = { jitgw: 'perf-gate/jitgw:local', testgw: 'perf-gate/testgw:local' }
const gateways = values.gateways.split(',').filter(Boolean)
for (const g of gateways) {
  if (!IMAGES[g]) {
    console.error(`--gateways: unknown gateway "${g}" (known: ${Object.keys(IMAGES).join(', ')})`)
    process.exit(2)
  }
}

const id = `perf-gate-cold-${process.pid}`
const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-cold-'))
const docker = (...args: string[]): string => execFileSync('docker', args, { encoding: 'utf8' }).trim()
const created: string[] = []
function cleanup() {
  for (const name of created.splice(0).reverse()) spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' })
  spawnSync('docker', ['network', 'rm', id], { stdio: 'ignore' })
  rmSync(dir, { recursive: true, force: true })
}
process.on('SIGINT', () => {
  cleanup()
  process.exit(130)
})

function run(name: string, image: string, env: Record<string, string | number>, cpu: string): string {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`])
  const cpuArgs = values.pin ? ['--cpuset-cpus', cpu] : []
  created.push(name)
  docker(
    'run',
    '-d',
    '--name',
    name,
    '--network',
    id,
    '--network-alias',
    name.split('-').pop()!,
    ...envArgs,
    ...cpuArgs,
    image,
  )
  return docker('inspect', '-f', `{{(index .NetworkSettings.Networks "${id}").IPAddress}}`, name)
}

async function waitHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer 200 within 60 s`)
}

const K6_SCRIPT = `import http from 'k6/http'
import { check } from 'k6'
export const options = { scenarios: { cold: { executor: 'constant-arrival-rate', rate: ${rate}, timeUnit: '1s',
  duration: __ENV.DURATION, preAllocatedVUs: 50, maxVUs: 200 } } }
const body = JSON.stringify({ pad: 'x'.repeat(1000) })
export default function () {
  const r = http.post(__ENV.URL, body, { headers: { 'content-type': 'application/json' } })
  check(r, { status: (x) => x.status === 200 && x.body === body })
}
`

const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.ceil(0.95 * s.length) - 1]! : NaN
}

/** One k6 process at the rate for `duration`; latencies (ms) with their unix-ms timestamps. */
function load(url: string, duration: string, csv: string) {
  const k6Args = [
    'run',
    '-q',
    '--out',
    `csv=${csv}`,
    '-e',
    `URL=${url}`,
    '-e',
    `DURATION=${duration}`,
    script(),
  ]
  const k6 = spawnSync(values.pin ? 'taskset' : 'k6', values.pin ? ['-c', '0', 'k6', ...k6Args] : k6Args, {
    encoding: 'utf8',
    env: { ...process.env, K6_CSV_TIME_FORMAT: 'unix_milli' },
  })
  if (k6.status !== 0 && k6.status !== 99) throw new Error(`k6 exited ${k6.status}: ${k6.stderr}`)
  const samples: [number, number][] = []
  let failed = 0
  let dropped = 0
  for (const line of readFileSync(csv, 'utf8').split('\n').slice(1)) {
    const [metric, ts, value, check] = line.split(',')
    if (metric === 'http_req_duration') samples.push([Number(ts), Number(value)])
    else if (metric === 'checks' && value === '0.000000' && check) failed++
    else if (metric === 'dropped_iterations') dropped += Number(value)
  }
  return { samples, failed, dropped }
}

function script(): string {
  const file = path.join(dir, 'cold.js')
  writeFileSync(file, K6_SCRIPT)
  return file
}

/**
 * Starts a fresh stack for one gateway, loads it, returns latencies (ms) by window, the failure count
 * and, with --runs, the P95 of each separate run after it.
 */
async function measure(gateway: string) {
  const echoIp = run(`${id}-echo`, 'perf-gate/echo:local', { ECHO_DELAY_US: '0' }, '0')
  await waitHealthy(`http://${echoIp}:8080/health`)
  const gwIp = run(
    `${id}-gateway`,
    IMAGES[gateway]!,
    {
      UPSTREAM: 'http://echo:8080',
      WORK_ITERATIONS: work,
      ...gatewayEnv,
    },
    '1',
  )
  await waitHealthy(`http://${gwIp}:8080/health`)
  const url = `http://${gwIp}:8080/echo`
  const { samples, failed, dropped } = load(url, `${seconds}s`, path.join(dir, `${gateway}.csv`))
  const runP95s: number[] = []
  const wholeRunP95s: number[] = []
  for (let i = 0; i < runs; i++) {
    await new Promise((r) => setTimeout(r, gap * 1000))
    const one = load(url, `${runSeconds + 1}s`, path.join(dir, `${gateway}-run${i}.csv`))
    const start = Math.min(...one.samples.map(([ts]) => ts))
    runP95s.push(p95(one.samples.filter(([ts]) => ts - start >= 1000).map(([, ms]) => ms)))
    wholeRunP95s.push(p95(one.samples.map(([, ms]) => ms)))
  }
  for (const name of created.splice(0).reverse()) spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' })
  const t0 = Math.min(...samples.map(([ts]) => ts))
  const windows: number[][] = []
  for (const [ts, ms] of samples) {
    const w = Math.floor((ts - t0) / 1000 / window)
    ;(windows[w] ??= []).push(ms)
  }
  return {
    windows: windows.map((w) => w ?? []),
    failed,
    dropped,
    requests: samples.length,
    runP95s,
    wholeRunP95s,
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** Sample sd of the log of each value: the run-to-run scatter in the units of the gate's log ratio. */
const logSd = (xs: number[]): number => {
  const ls = xs.map(Math.log)
  const m = ls.reduce((a, x) => a + x, 0) / ls.length
  return Math.sqrt(ls.reduce((a, x) => a + (x - m) ** 2, 0) / (ls.length - 1))
}

try {
  docker('network', 'create', id)
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`)
  console.log(
    `${rate} req/s for ${seconds} s from the first request, WORK_ITERATIONS=${work}, P95 per ${window} s window` +
      (values.env.length ? `, gateway env ${values.env.join(' ')}` : '') +
      (values.pin ? ', gateway pinned to CPU 1, echo and k6 to CPU 0' : ''),
  )
  for (const gateway of gateways) {
    const { windows, failed, dropped, requests, runP95s, wholeRunP95s } = await measure(gateway)
    const row = windows.map((w, i) => `${i * window}-${(i + 1) * window}s ${p95(w).toFixed(1)}`)
    const later = windows.slice(Math.floor(windows.length / 2)).flat()
    const first = windows[0] ?? []
    console.log(`${gateway}: ${requests} requests, ${failed} failed checks, ${dropped} dropped`)
    console.log(`  P95 ms by window: ${row.join(' | ')}`)
    console.log(
      `  first ${window} s P95 ${p95(first).toFixed(1)} ms, last half P95 ${p95(later).toFixed(1)} ms: ` +
        `x${(p95(first) / p95(later)).toFixed(1)}`,
    )
    if (runs > 0) {
      const late = windows.slice(Math.floor(windows.length / 2)).map(p95)
      console.log(
        `  then ${runs} separate ${runSeconds} s runs after ${gap} s idle each, P95 ms: ` +
          `${runP95s.map((x) => x.toFixed(2)).join(' ')}; median ${median(runP95s).toFixed(2)}; sd of log P95 ${runs > 1 ? logSd(runP95s).toFixed(3) : '-'} ` +
          `(the continuous run's last-half ${window} s windows: ${logSd(late).toFixed(3)})`,
      )
      console.log(
        `  the same runs with their first second (new k6 process, new connections) counted, P95 ms: ` +
          wholeRunP95s.map((x) => x.toFixed(2)).join(' '),
      )
    }
  }
} finally {
  cleanup()
}
