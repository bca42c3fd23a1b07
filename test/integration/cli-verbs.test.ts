// The CLI verbs as a user runs them (`node dist/cli.js ...`): --version and --help, report, compare,
// init, doctor and run --dry-run. Docker is asked about images and Compose only; no container starts
// and k6 only prints its version, so this file runs beside the unit tests (OFFLINE_INTEGRATION in
// vitest.config.ts). `run --json` on a real gate is compose-stack.test.ts's.
import { execFileSync, spawn } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { passingGate, regressedGate } from '../support/report-fixtures.js'
import { perfGateContainers, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
let runs = 0

interface CliRun {
  code: number | null
  stdout: string
  stderr: string
  runId: string
}

function cli(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<CliRun> {
  const runId = `it-verbs-${++runs}-${process.pid}`
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
    cwd,
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true', PERF_GATE_RUN_ID: runId, ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, runId })))
}

function writeResults(dir: string, results: unknown): string {
  const file = path.join(dir, 'results.json')
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  return file
}

const tmp = () => mkdtempSync(path.join(tmpdir(), 'perf-gate-verbs-'))

describe('--version and --help', () => {
  it('prints the version of package.json', async () => {
    const run = await cli(['--version'])
    expect(run.code).toBe(0)
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
    expect(run.stdout.trim()).toBe(pkg.version)
  })

  it('lists every verb and the exit codes', async () => {
    const run = await cli(['--help'])
    expect(run.code).toBe(0)
    for (const verb of ['run', 'validate', 'merge', 'report', 'trend', 'compare', 'init', 'doctor'])
      expect(run.stdout).toMatch(new RegExp(`^  ${verb} `, 'm'))
    expect(run.stdout).toMatch(
      /Exit codes:\n\s+0\s+pass[^\n]*\n\s+1\s+regression[^\n]*\n\s+2\s+invalid input[^\n]*\n\s+3\s+infrastructure/,
    )
  })

  it('lists the exit codes in the help of a verb too', async () => {
    const run = await cli(['run', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('--json')
    // Commander wraps help at 80 columns: any space may be a line break.
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      '-c, --config <file> the config file (default: perf-gate.yml in the current directory)',
    )
    expect(run.stdout).toMatch(/Exit codes:\n\s+0\s+pass/)
  })

  it('exits 2 on an unknown verb', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2)
  })
})

describe('perf-gate report', () => {
  it('re-renders report.md, report.html and the charts next to results.json, leaving it as it was', async () => {
    const dir = tmp()
    const file = writeResults(dir, regressedGate())
    const before = readFileSync(file, 'utf8')
    const run = await cli(['report', dir])
    expect(run.code, run.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(before)
    const report = readFileSync(path.join(dir, 'report.md'), 'utf8')
    expect(report).toContain('key-auth/vus-50')
    expect(readFileSync(path.join(dir, 'report.html'), 'utf8')).toContain('<html')
    const pngs = readdirSync(path.join(dir, 'charts')).filter((f) => f.endsWith('.png'))
    expect(pngs.length).toBeGreaterThan(0)
    expect(run.stdout).toContain(path.join(dir, 'report.md'))
  })

  it('writes into --out and prints only a JSON summary with --json', async () => {
    const dir = tmp()
    const out = path.join(dir, 'rendered')
    const results = regressedGate()
    writeResults(dir, results)
    const run = await cli(['report', path.join(dir, 'results.json'), '--out', out, '--json'])
    expect(run.code, run.stderr).toBe(0)
    const summary = JSON.parse(run.stdout)
    expect(summary.verdict).toBe(results.verdict)
    expect(summary.regressed).toEqual(
      results.cells.filter((c) => !c.control && c.verdict === 'regression').map((c) => c.cell),
    )
    expect(summary.cells).toHaveLength(results.cells.length)
    expect(summary.cells[0]).toMatchObject({
      cell: results.cells[0]!.cell,
      ratio: results.cells[0]!.ratio,
      verdict: results.cells[0]!.verdict,
    })
    expect(summary.paths.report).toBe(path.join(out, 'report.md'))
    expect(existsSync(summary.paths.html)).toBe(true)
    // Logs went to stderr.
    expect(run.stderr).toMatch(/wrote .*report\.md/)
  })

  it('refuses an --out that is or holds a symlink, exit 2 naming it, and writes nothing through it', async () => {
    const dir = tmp()
    writeResults(dir, regressedGate())
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'perf-gate-verbs-elsewhere-'))
    // A folder a pull request committed: the output folder itself a link, or one inside it.
    symlinkSync(elsewhere, path.join(dir, 'linked'))
    mkdirSync(path.join(dir, 'holder'))
    symlinkSync(elsewhere, path.join(dir, 'holder', 'charts'))
    for (const [out, link] of [
      ['linked', 'linked'],
      ['holder', path.join('holder', 'charts')],
    ] as const) {
      const run = await cli(['report', path.join(dir, 'results.json'), '--out', out], {}, dir)
      expect(run.code, run.stderr).toBe(2)
      expect(run.stderr).toContain(`--out: ${out}: ${path.join(dir, link)} is a symlink`)
    }
    expect(readdirSync(elsewhere)).toEqual([])
  })

  it.each([
    [
      'not JSON',
      (dir: string) => writeFileSync(path.join(dir, 'results.json'), '{ nope'),
      /not valid JSON|cannot read results/,
    ],
    [
      'not results',
      (dir: string) => writeResults(dir, { ...passingGate(), verdict: 'great' }),
      /results\.json: verdict: /,
    ],
    ['missing', () => undefined, /no results\.json in this folder/],
  ])('exits 2 on a file that is %s, naming it', async (_what, make, message) => {
    const dir = tmp()
    make(dir)
    const run = await cli(['report', dir])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).toContain(dir)
    expect(existsSync(path.join(dir, 'report.md'))).toBe(false)
  })
})

describe('perf-gate compare', () => {
  it('prints P95 of a and b, their ratio and the change for each common cell, each with its interval', async () => {
    const dir = tmp()
    const a = regressedGate()
    // b: key-auth/vus-50 20% slower in every run, everything else identical.
    const b: GateResults = structuredClone(a)
    const slower = b.cells.find((c) => c.cell === 'key-auth/vus-50')!
    for (const r of slower.runs) r.metrics.p95 *= 1.2
    b.cells = b.cells.filter((c) => c.cell !== 'rate-limit/vus-10')
    const fileA = writeResults(mkdtempSync(path.join(dir, 'a-')), a)
    const fileB = writeResults(mkdtempSync(path.join(dir, 'b-')), b)
    const run = await cli(['compare', fileA, fileB])
    expect(run.code, run.stderr).toBe(0)
    const cellA = a.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const logs = cellA.runs
      .filter((r) => r.variant === 'candidate' && !r.warmup && r.valid)
      .map((r) => Math.log(r.metrics.p95))
    const p95 = Math.exp(logs.reduce((s, v) => s + v, 0) / logs.length)
    const line = run.stdout.split('\n').find((l) => l.startsWith('key-auth/vus-50'))
    expect(line).toBeDefined()
    const number = String.raw`(\d+\.\d+)`
    const interval = String.raw`\[${number}, ${number}\]`
    const match = new RegExp(
      String.raw`^key-auth/vus-50\s+${number} ${interval}\s+${number} ${interval}\s+1\.200 ${interval}\s+\+20\.0% \[`,
    ).exec(line!)
    expect(match, line).not.toBeNull()
    const [va, aLow, aHigh, vb] = match!.slice(1, 5).map(Number)
    expect(va).toBeCloseTo(p95, 2)
    expect(vb).toBeCloseTo(p95 * 1.2, 2)
    expect(aLow).toBeLessThan(va!)
    expect(aHigh).toBeGreaterThan(va!)
    const unchanged = run.stdout.split('\n').find((l) => l.startsWith('no-policies/vus-10'))
    expect(unchanged).toMatch(/1\.000 \[[\d.]+, [\d.]+\]\s+\+0\.0% \[/)
    expect(run.stdout).toMatch(/geometric mean over the measured runs \[95% confidence interval\]/)
    expect(run.stdout).toContain('only in a: rate-limit/vus-10')
    expect(run.stdout).toContain(`a: ${fileA}`)
  })

  it('exits 2 naming every bad file', async () => {
    const dir = tmp()
    const good = writeResults(mkdtempSync(path.join(dir, 'good-')), passingGate())
    const bad = path.join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ schemaVersion: 2 }))
    const missing = path.join(dir, 'missing.json')
    const run = await cli(['compare', bad, missing])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(bad)
    expect(run.stderr).toContain(missing)
    expect((await cli(['compare', good, bad])).code).toBe(2)
  })
})

describe('perf-gate init', () => {
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/nginx:local'))

  it('writes a commented config for a local image that validate accepts, and refuses to overwrite it', async () => {
    const dir = tmp()
    const out = path.join(dir, 'perf-gate.yml')
    const run = await cli(['init', '--image', 'perf-gate/nginx:local', '--out', out])
    expect(run.code, run.stderr).toBe(0)
    const text = readFileSync(out, 'utf8')
    expect(text).toMatch(/^# perf-gate config written by `perf-gate init` from image perf-gate\/nginx:local/)
    // The port comes from the image's EXPOSE, read through the Docker API.
    const exposed = Object.keys(
      JSON.parse(
        execFileSync(
          'docker',
          ['image', 'inspect', '--format', '{{json .Config.ExposedPorts}}', 'perf-gate/nginx:local'],
          {
            encoding: 'utf8',
          },
        ),
      ),
    ).map((p) => Number.parseInt(p, 10))
    expect(text).toContain(`ports: [ ${exposed.join(', ')} ]`)
    expect(text).toContain(`target: http://gateway:${exposed[0]}/`)
    const validate = await cli(['validate', '--config', out])
    expect(validate.code, validate.stderr).toBe(0)

    writeFileSync(out, 'mine\n')
    const again = await cli(['init', '--image', 'perf-gate/nginx:local', '--out', out])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(`${out}: already exists`)
    expect(readFileSync(out, 'utf8')).toBe('mine\n')
  })

  it('writes a config that runs a compose file as it is (stack.compose), with the echo backend as control', async () => {
    const dir = tmp()
    const out = path.join(dir, 'perf-gate.yml')
    // Beside the config: a compose file outside the config's folder is refused (allowPathsOutsideRepo).
    const compose = path.join(dir, 'docker-compose.yml')
    copyFileSync(path.join(ROOT, 'test/fixtures/compose/docker-compose.yml'), compose)
    const run = await cli(['init', '--compose', compose, '--out', out])
    expect(run.code, run.stderr).toBe(0)
    // No baseline variant and no baseline yet: init says plainly that this cannot block.
    expect(run.stdout).toContain('warning: this config can never block a pull request: no baselineVariant')
    const validate = await cli(['validate', '--config', out])
    expect(validate.code, validate.stderr).toBe(0)
    expect(validate.stdout).toContain(`valid (compose file ${compose}, 2 profiles, 1 scenarios)`)
    expect(validate.stdout).toContain('warning: this config can never block a pull request')
    const text = readFileSync(out, 'utf8')
    expect(text).toContain('compose: docker-compose.yml')
    expect(text).not.toMatch(/^services:/m)
    expect(text).toContain('backend: { http: { path: /health, port: 8080 }, timeout: 60s }')
    expect(text).toContain('target: http://backend:8080/echo')
    expect(text).toContain('target: http://gateway:8080/echo')
  })

  it('exits 2 on an image that is not local, on both or neither source, and names the compose file', async () => {
    const dir = tmp()
    const missing = await cli([
      'init',
      '--image',
      'perf-gate/does-not-exist:nope',
      '--out',
      path.join(dir, 'a.yml'),
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('perf-gate/does-not-exist:nope: not in the local Docker engine')
    expect((await cli(['init', '--out', path.join(dir, 'b.yml')])).code).toBe(2)
    const compose = path.join(dir, 'compose.yml')
    writeFileSync(compose, 'services:\n  gw:\n    ports: ["80"]\n')
    const bad = await cli(['init', '--compose', compose, '--out', path.join(dir, 'c.yml')])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(`${compose}: services.gw: neither "image" nor "build"`)
    expect(existsSync(path.join(dir, 'c.yml'))).toBe(false)
  })
})

describe('perf-gate doctor', () => {
  it('reports Docker, k6, CPUs, memory and noise as ok lines and exits 0 on this machine', async () => {
    const run = await cli(['doctor', '--config', path.join(ROOT, 'examples/nginx/perf-gate.yml')])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const docker = execFileSync('docker', ['version', '--format', '{{.Server.Version}}'], {
      encoding: 'utf8',
    }).trim()
    expect(run.stdout).toMatch(/^ok\s+docker: engine /m)
    expect(run.stdout).toContain(`docker: engine ${docker} (API `)
    const k6 = execFileSync('k6', ['version'], { encoding: 'utf8' })
    expect(k6).toContain(`v${/k6: \S+ is k6 (\S+)/.exec(run.stdout)?.[1]}`)
    expect(run.stdout).toMatch(/^ok\s+image of echo: perf-gate\/echo:local is present/m)
    expect(run.stdout).toMatch(/^ok\s+image of nginx: perf-gate\/nginx:local is present/m)
    // The example has a baseline variant: it can block.
    expect(run.stdout).toMatch(/^ok\s+can block: this config can block a pull request/m)
    expect(run.stdout).toMatch(/^(ok|warning)\s+cpus: \d+ available/m)
    expect(run.stdout).toMatch(/^(ok|warning)\s+memory: [\d.]+ GiB free/m)
    expect(run.stdout).toMatch(
      /^(ok|warning)\s+noise: a fixed CPU loop took [\d.]+ ms \(median of 20\), coefficient of variation [\d.]+%/m,
    )
  })

  it('says which Compose runs the file of a compose stack', async () => {
    const run = await cli(['doctor', '--config', path.join(ROOT, 'examples/compose/perf-gate.yml')])
    expect(run.stdout).toMatch(
      /^ok\s+compose: (docker-compose|docker compose) \S+ runs .*docker-compose\.yml$/m,
    )
    expect(run.stdout).toMatch(/^ok\s+image of gateway: perf-gate\/nginx:local is present$/m)
    expect(run.stdout).toMatch(/^ok\s+image of echo: perf-gate\/echo:local is present$/m)
  })

  it('exits 3 with a problem line when k6 or an image is missing', async () => {
    const dir = tmp()
    const config = readFileSync(path.join(ROOT, 'examples/nginx/perf-gate.yml'), 'utf8').replace(
      'image: perf-gate/nginx:local',
      'image: perf-gate/nginx:missing',
    )
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, config)
    const run = await cli(['doctor', '--config', file], { K6_PATH: path.join(dir, 'no-k6') })
    expect(run.code).toBe(3)
    expect(run.stdout).toMatch(
      /^problem\s+image of nginx: perf-gate\/nginx:missing is not in the local Docker engine/m,
    )
    expect(run.stdout).toMatch(/^problem\s+k6: k6 not found/m)
    expect(run.stdout).toMatch(/^ok\s+docker:/m)
  })

  it('exits 2 on an invalid config, with the line of each problem', async () => {
    const dir = tmp()
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(
      file,
      'name: x\nservices: {}\nprofiles: []\nscenarios:\n  - name: s\n    script: constant-vus\n    vus: many\n',
    )
    const run = await cli(['doctor', '--config', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${file}: scenarios[0].vus: expected number, got string (line 7, column 5)`)
    // services may be empty now (stack.compose is the alternative); "neither" is checked once the
    // schema holds, so the schema's own problems are the ones listed here.
    expect(run.stderr).toContain(
      `${file}: profiles: Too small: expected array to have >=1 items (line 3, column 1)`,
    )
  })
})

describe('run --dry-run', () => {
  it('prints the cells, how the gate starts and escalates, and an ETA, and starts nothing', async () => {
    const run = await cli(['run', '--config', 'examples/nginx/perf-gate.yml', '--dry-run'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(
      'cells: 2 (no-gateway/rate-500-1kb [control], nginx-passthrough/rate-500-1kb)',
    )
    // The example commits no stored baseline: it starts with paired blocks.
    expect(run.stdout).toMatch(
      /starts: paired A\/B blocks \(duet, 1 pair\(s\) per block, fresh stacks each\)/,
    )
    expect(run.stdout).not.toMatch(/stored phase:/)
    expect(run.stdout).toMatch(/paired blocks: 5 to 20 /)
    expect(run.stdout).toMatch(/ETA: \d+m\d{2}s if decided at 5 pairs/)
    expect(run.stderr).not.toContain('Start the stack')
    expect(perfGateContainers(run.runId)).toEqual([])
  })

  it('checks inputs as a real run does: a missing --baseline exits 2', async () => {
    const run = await cli([
      'run',
      '--config',
      'examples/nginx/perf-gate.yml',
      '--dry-run',
      '--baseline',
      'nope.json',
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--baseline: nope.json: baseline file not found')
  })
})
