// Measures the cold start a fresh gateway container shows (issue 22): starts echo and the gateway on
// a Docker network of its own, drives the gateway with k6 at a constant arrival rate from its first
// request on (no warm-up), and prints the P95 of each window of seconds, then the first window's P95
// against the P95 of the last half. Run for the JIT-compiled jitgw and, as the control, the Go testgw
// (warm on its first request), each on a fresh container, so what differs is the gateway's warm-up
// and not k6's or the machine's.
//
//   node --experimental-strip-types scripts/jit-cold-start.ts [--rate 250] [--seconds 20] [--window 2] [--work 2000]
//                                   [--gateways jitgw,testgw]
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
  },
})
const positive = (name: 'rate' | 'seconds' | 'window'): number => {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer, got "${values[name]}"`)
    process.exit(2)
  }
  return n
}
const rate = positive('rate')
const seconds = positive('seconds')
const window = positive('window')
const work = Number(values.work)
if (!Number.isInteger(work) || work < 0) {
  console.error(`--work must be a non-negative integer, got "${values.work}"`)
  process.exit(2)
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

function run(name: string, image: string, env: Record<string, string | number>): string {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`])
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
  duration: '${seconds}s', preAllocatedVUs: 50, maxVUs: 200 } } }
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

/** Starts a fresh stack for one gateway, loads it, returns latencies (ms) by window and the failure count. */
async function measure(gateway: string) {
  const echoIp = run(`${id}-echo`, 'perf-gate/echo:local', { ECHO_DELAY_US: '0' })
  await waitHealthy(`http://${echoIp}:8080/health`)
  const gwIp = run(`${id}-gateway`, IMAGES[gateway]!, { UPSTREAM: 'http://echo:8080', WORK_ITERATIONS: work })
  await waitHealthy(`http://${gwIp}:8080/health`)
  const script = path.join(dir, 'cold.js')
  const csv = path.join(dir, `${gateway}.csv`)
  writeFileSync(script, K6_SCRIPT)
  const k6 = spawnSync(
    'k6',
    ['run', '-q', '--out', `csv=${csv}`, '-e', `URL=http://${gwIp}:8080/echo`, script],
    {
      encoding: 'utf8',
      env: { ...process.env, K6_CSV_TIME_FORMAT: 'unix_milli' },
    },
  )
  if (k6.status !== 0 && k6.status !== 99) throw new Error(`k6 exited ${k6.status}: ${k6.stderr}`)
  let t0 = Infinity
  const samples: [number, number][] = []
  let failed = 0
  let dropped = 0
  for (const line of readFileSync(csv, 'utf8').split('\n').slice(1)) {
    const [metric, ts, value, check] = line.split(',')
    if (metric === 'http_req_duration') {
      samples.push([Number(ts), Number(value)])
      t0 = Math.min(t0, Number(ts))
    } else if (metric === 'checks' && value === '0.000000' && check) failed++
    else if (metric === 'dropped_iterations') dropped += Number(value)
  }
  for (const name of created.splice(0).reverse()) spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' })
  const windows: number[][] = []
  for (const [ts, ms] of samples) {
    const w = Math.floor((ts - t0) / 1000 / window)
    ;(windows[w] ??= []).push(ms)
  }
  return { windows: windows.map((w) => w ?? []), failed, dropped, requests: samples.length }
}

try {
  docker('network', 'create', id)
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`)
  console.log(
    `${rate} req/s for ${seconds} s from the first request, WORK_ITERATIONS=${work}, P95 per ${window} s window`,
  )
  for (const gateway of gateways) {
    const { windows, failed, dropped, requests } = await measure(gateway)
    const row = windows.map((w, i) => `${i * window}-${(i + 1) * window}s ${p95(w).toFixed(1)}`)
    const later = windows.slice(Math.floor(windows.length / 2)).flat()
    const first = windows[0] ?? []
    console.log(`${gateway}: ${requests} requests, ${failed} failed checks, ${dropped} dropped`)
    console.log(`  P95 ms by window: ${row.join(' | ')}`)
    console.log(
      `  first ${window} s P95 ${p95(first).toFixed(1)} ms, last half P95 ${p95(later).toFixed(1)} ms: ` +
        `x${(p95(first) / p95(later)).toFixed(1)}`,
    )
  }
} finally {
  cleanup()
}
