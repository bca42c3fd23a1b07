// `perf-gate merge` and the action's merge mode, built (dist/), over two partial results recorded by a
// real 2-shard run of a small config (test/fixtures/shard/README.md). Nothing measures here: no
// Docker, no k6. What must hold: one verdict with Holm across the cells of both shares, one report,
// one sticky comment; partials that do not belong together exit 2 naming the file.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { holmAdjust } from '../../src/stats/multiple-testing.js'
import { runCli, ROOT } from '../support/cli.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'

const FIXTURES = path.join(ROOT, 'test/fixtures/shard')
const SHARD_1 = path.join(FIXTURES, 'perf-gate-shard-1/results.json')
const SHARD_2 = path.join(FIXTURES, 'perf-gate-shard-2/results.json')
const REPO = 'acme/gateway'

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as GateResults
const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix))

/** A copy of a partial with something changed, in a folder of its own. */
function altered(from: string, change: (r: GateResults) => void): string {
  const results = read(from)
  change(results)
  const file = path.join(temp('perf-gate-partial-'), 'results.json')
  writeFileSync(file, JSON.stringify(results))
  return file
}

describe('perf-gate merge (built CLI) over two recorded partials', () => {
  it('joins them: one verdict, Holm across both shares’ cells, one report', async () => {
    const out = temp('perf-gate-merged-')
    const run = await runCli(['merge', SHARD_1, SHARD_2, '--out', out])
    const merged = read(path.join(out, 'results.json'))
    expect(run.code, run.stderr).toBe(merged.verdict === 'regression' ? 1 : 0)
    expect(run.stdout).toMatch(/perf-gate verdict: \w+ \(merged 2 shards\)/)
    expect(merged.shard).toBeUndefined()
    const parts = [read(SHARD_1), read(SHARD_2)]
    const gated = parts.flatMap((p) => p.cells.filter((c) => !c.control))
    expect(merged.cells.filter((c) => !c.control).map((c) => c.cell)).toEqual(gated.map((c) => c.cell).sort())
    // Holm over the raw p-values of both shares together: what the unsharded gate computes.
    const family = gated.filter((c) => c.pValue !== null)
    const expected = holmAdjust(family.map((c) => c.pValue as number))
    family.forEach((cell, i) =>
      expect(merged.cells.find((c) => c.cell === cell.cell)?.adjustedPValue).toBeCloseTo(
        expected[i] as number,
        12,
      ),
    )
    expect(merged.notes[0]).toMatch(/^Merged from 2 shards/)
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toMatch(/Merged from 2 shards/)
  })

  it('takes the folder the artifacts were downloaded to', async () => {
    const out = temp('perf-gate-merged-')
    const run = await runCli(['merge', FIXTURES, '--out', out, '--json'])
    expect(JSON.parse(run.stdout).cells.filter((c: { control: boolean }) => !c.control)).toHaveLength(2)
  })

  it('refuses a missing shard, a duplicated one, and another commit, exit 2 naming the file', async () => {
    const out = temp('perf-gate-merged-')
    const missing = await runCli(['merge', SHARD_1, '--out', out])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/shard 2\/2 is missing: got 1 of 2/)
    const twice = await runCli(['merge', SHARD_1, altered(SHARD_1, () => undefined), SHARD_2, '--out', out])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toMatch(
      /results.json: shard 1\/2 is also in .*perf-gate-shard-1\/results.json \(a duplicated shard\)/,
    )
    const other = altered(SHARD_2, (r) => {
      ;(r.shard as NonNullable<GateResults['shard']>).commit = 'e'.repeat(40)
    })
    const commit = await runCli(['merge', SHARD_1, other, '--out', out])
    expect(commit.code).toBe(2)
    expect(commit.stderr).toContain(`${other}: commit ${'e'.repeat(40)} differs`)
    const config = altered(SHARD_2, (r) => {
      ;(r.shard as NonNullable<GateResults['shard']>).configDigest = 'f'.repeat(64)
    })
    const digest = await runCli(['merge', SHARD_1, config, '--out', out])
    expect(digest.code).toBe(2)
    expect(digest.stderr).toContain(`${config}: config digest ${'f'.repeat(64)} differs`)
  })
})

describe('run --shard: bad shares exit 2 before anything starts', () => {
  // An image that does not exist: reaching the stack would fail with exit 3, not 2.
  const config = path.join(temp('perf-gate-shard-cfg-'), 'perf-gate.yml')
  writeFileSync(
    config,
    `name: s
services:
  gw: { image: perf-gate/never-started:none, ports: [80], wait: { log: up } }
baselineVariant: { services: { gw: { image: perf-gate/never-started:base } } }
profiles:
  - { name: control, target: "http://gw:80/", control: true }
  - { name: gw, target: "http://gw:80/" }
scenarios: [{ name: s, script: constant-vus, vus: 2 }]
`,
  )

  it('more shares than gated cells, a malformed share, a sharded baseline', async () => {
    const out = temp('perf-gate-shard-out-')
    const many = await runCli(['run', '--config', config, '--shard', '2/2', '--out', out])
    expect(many.code, many.stderr).toBe(2)
    expect(many.stderr).toMatch(/--shard 2\/2: the config has 1 gated cell\(s\), so at most 1 shard\(s\)/)
    const bad = await runCli(['run', '--config', config, '--shard', '3/2', '--out', out])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--shard <i\/N>.*expected "i\/N" with 1 <= i <= N <= 64/)
    const baseline = await runCli([
      'run',
      '--config',
      config,
      '--shard',
      '1/1',
      '--mode',
      'baseline',
      '--out',
      out,
    ])
    expect(baseline.code).toBe(2)
    expect(baseline.stderr).toMatch(/--shard: only a gate is sharded/)
  })

  it('--dry-run shows the share', async () => {
    const run = await runCli(['run', '--config', config, '--shard', '1/1', '--dry-run'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^shard 1\/1: this runner measures the cells below/m)
    expect(run.stdout).toMatch(/^cells: 2 \(control\/s \[control\], gw\/s\)/m)
  })
})

describe('the action: merge mode and the shard input (built dist/index.js, fake GitHub)', () => {
  let github: FakeGitHub
  let workspace: string
  let runs = 0

  async function runAction(inputs: Record<string, string>, extraEnv: Record<string, string> = {}) {
    const dir = temp('perf-gate-merge-run-')
    const eventPath = path.join(dir, 'event.json')
    const outputPath = path.join(dir, 'output.txt')
    const summaryPath = path.join(dir, 'summary.md')
    writeFileSync(
      eventPath,
      JSON.stringify({
        number: 7,
        pull_request: {
          number: 7,
          head: { sha: 'a'.repeat(40), ref: 'feature', repo: { full_name: REPO } },
          base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
        },
        repository: { full_name: REPO },
      }),
    )
    writeFileSync(outputPath, '')
    writeFileSync(summaryPath, '')
    runs++
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: REPO,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: String(3000 + runs),
      RUNNER_TEMP: dir,
      ...extraEnv,
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: workspace })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    const outputs: Record<string, string> = {}
    for (const m of readFileSync(outputPath, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
      outputs[m[1] as string] = m[3] as string
    return { code, stdout, outputs, summary: readFileSync(summaryPath, 'utf8') }
  }

  beforeAll(async () => {
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })
    workspace = temp('perf-gate-merge-ws-')
    // As actions/download-artifact with a pattern leaves them: one folder per artifact.
    cpSync(FIXTURES, path.join(workspace, 'partials'), { recursive: true })
    mkdirSync(path.join(workspace, 'lonely'))
    cpSync(path.dirname(SHARD_1), path.join(workspace, 'lonely', 'perf-gate-shard-1'), { recursive: true })
  })
  afterAll(async () => {
    await github?.close()
  })

  it('joins the partials into one verdict and one sticky comment, updated in place on a re-run', async () => {
    const inputs = {
      mode: 'merge',
      results: 'partials',
      'github-token': 'write-token',
      'upload-artifacts': 'false',
    }
    const first = await runAction({ ...inputs, 'out-dir': 'merged-1' })
    const merged = read(path.join(workspace, 'merged-1', 'results.json'))
    expect(first.code, first.stdout).toBe(merged.verdict === 'regression' ? 1 : 0)
    expect(first.outputs.verdict).toBe(merged.verdict)
    expect(first.stdout).toMatch(/merged 2 partial results/)
    const comments = github.commentsOn(REPO, 7)
    expect(comments).toHaveLength(1)
    expect(comments[0]!.body).toContain('<!-- perf-gate:default -->')
    expect(comments[0]!.body).toMatch(/Merged from 2 shards/)
    for (const cell of merged.cells.filter((c) => !c.control))
      expect(comments[0]!.body).toContain(cell.profile)
    expect(first.summary).toMatch(/perf-gate/)

    const again = await runAction({ ...inputs, 'out-dir': 'merged-2' })
    expect(again.code, again.stdout).toBe(first.code)
    const after = github.commentsOn(REPO, 7)
    expect(after).toHaveLength(1)
    expect(after[0]!.id).toBe(comments[0]!.id)
  })

  it('in gate mode, refuses a share with no gated cell before anything starts (exit 2, input named)', async () => {
    writeFileSync(
      path.join(workspace, 'perf-gate.yml'),
      `name: s
services:
  gw: { image: perf-gate/never-started:none, ports: [80], wait: { log: up } }
profiles:
  - { name: control, target: "http://gw:80/", control: true }
  - { name: gw, target: "http://gw:80/" }
scenarios: [{ name: s, script: constant-vus, vus: 2 }]
`,
    )
    const run = await runAction({ shard: '2/2', 'github-token': 'write-token', 'upload-artifacts': 'false' })
    expect(run.code, run.stdout).toBe(2)
    expect(run.stdout).toMatch(/::error::.*input "shard" 2\/2: the config has 1 gated cell\(s\)/)
  })

  it('refuses partials that did not measure this run’s commit (GITHUB_SHA)', async () => {
    const run = await runAction(
      { mode: 'merge', results: 'partials', 'github-token': 'write-token', 'upload-artifacts': 'false' },
      { GITHUB_SHA: 'd'.repeat(40) },
    )
    expect(run.code).toBe(2)
    expect(run.stdout).toMatch(/::error::.*commit null is not the commit this merge runs for \(d{40}\)/)
  })

  it('fails with exit 2 and no comment when a shard is missing', async () => {
    const before = github.commentsOn(REPO, 7).length
    const run = await runAction({
      mode: 'merge',
      results: 'lonely',
      'github-token': 'write-token',
      'upload-artifacts': 'false',
    })
    expect(run.code).toBe(2)
    expect(run.stdout).toMatch(/::error::.*shard 2\/2 is missing/)
    expect(github.commentsOn(REPO, 7)).toHaveLength(before)
  })
})
