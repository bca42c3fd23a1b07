// The package as a release ships it: `npm pack`, installed into an empty project from the tarball
// (offline: its dependencies come from a copy of this repository's node_modules), then the README's
// quick start through the installed bin: `perf-gate --version` and `perf-gate run --dry-run`.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version

describe('the packed package', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'perf-gate-pack-'))
  const app = path.join(work, 'app')
  let tarball = ''
  let packed: string[] = []

  beforeAll(() => {
    const [info] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' }),
    ) as { filename: string; files: { path: string }[] }[]
    tarball = path.join(work, info!.filename)
    packed = info!.files.map((f) => f.path)
    mkdirSync(app)
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }))
    // Hard links: a copy in a second, not 300 MB. npm rewrites its hidden lockfile in place, which
    // would write through a link into this repository's node_modules, so that one file goes.
    try {
      execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(app, 'node_modules')])
    } catch {
      // Another file system than the repository's: links cannot cross it, so copy.
      rmSync(path.join(app, 'node_modules'), { recursive: true, force: true })
      execFileSync('cp', ['-a', path.join(ROOT, 'node_modules'), path.join(app, 'node_modules')])
    }
    rmSync(path.join(app, 'node_modules', '.package-lock.json'), { force: true })
    execFileSync(
      'npm',
      ['install', '--offline', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
      { cwd: app, stdio: 'inherit' },
    )
  }, 300_000)

  it('holds the bundle, the k6 scenarios, the schema and action.yml, and no sources or tests', () => {
    for (const file of [
      'dist/cli.js',
      'dist/index.js',
      'scenarios/lib/summary.js',
      // The echo backend perf-gate builds perf-gate/echo:local from (src/stack/echo-image.ts).
      'assets/echo/echo.gz',
      'assets/echo/Dockerfile',
      'assets/echo/SOURCE',
      'perf-gate.schema.json',
      'action.yml',
      'README.md',
    ])
      expect(packed, file).toContain(file)
    expect(packed.filter((f) => /^(src|test|bench|images)\//.test(f))).toEqual([])
    expect(
      existsSync(path.join(app, 'node_modules', 'perf-gate', 'scenarios', 'constant-arrival-rate.js')),
    ).toBe(true)
  })

  it('prints its version through the installed bin', () => {
    const run = spawnSync('npx', ['--offline', '--no-install', 'perf-gate', '--version'], {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
      killSignal: 'SIGKILL',
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout.trim()).toBe(VERSION)
  })

  it('dry-runs the example: the cells, the schedule and an ETA, exit 0, nothing started', () => {
    const config = path.join(ROOT, 'examples/nginx/perf-gate.yml')
    const run = spawnSync(
      'npx',
      ['--offline', '--no-install', 'perf-gate', 'run', '--dry-run', '--config', config],
      {
        cwd: app,
        encoding: 'utf8',
        timeout: 120_000,
        killSignal: 'SIGKILL',
      },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(`perf-gate dry run: ${config} (valid; nothing started)`)
    expect(run.stdout).toMatch(
      /^cells: 2 \(no-gateway\/rate-500-1kb \[control\], nginx-passthrough\/rate-500-1kb\)$/m,
    )
    expect(run.stdout).toMatch(/^ETA: \d/m)
  })
})
