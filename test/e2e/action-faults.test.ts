// The built action (dist/index.js) on bad inputs, failing report writes and GitHub API faults. None
// of these starts a container: bad inputs stop before the stack starts, and publish mode measures
// nothing. What must hold: bad input exits 2 naming the input; a failing summary or artifact write and
// a GitHub fault are a warning with the verdict, outputs and exit code unchanged (the whole table of
// GitHub faults runs in-process in test/unit/publish.test.ts).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { perfGateContainers } from '../support/docker.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'
import { regressedGate } from '../support/report-fixtures.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REPO = 'acme/gateway'
const SECRET = 'adm-9f8e7d6c5b4a'

const CONFIG = `name: demo
services:
  gw: { image: perf-gate/never-started:none, ports: [80], wait: { log: up } }
profiles: [{ name: p, target: "http://gw:80/", headers: { x-admin-token: "\${PERF_GATE_ADMIN_TOKEN}" } }]
scenarios: [{ name: s, script: constant-vus, vus: 2 }]
`

interface ActionRun {
  code: number | null
  stdout: string
  outputs: Record<string, string>
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
    outputs[match[1] as string] = match[3] as string
  return outputs
}

const prEvent = (number: number) => ({
  name: 'pull_request',
  payload: {
    number,
    pull_request: {
      number,
      head: { sha: 'a'.repeat(40), repo: { full_name: REPO } },
      base: { repo: { full_name: REPO } },
    },
  },
})

describe('the action: bad input, failing writes and GitHub faults', () => {
  let github: FakeGitHub
  let workspace: string
  let runs = 0
  const verdict = regressedGate().verdict

  async function runAction(
    inputs: Record<string, string>,
    event: { name: string; payload: unknown } = prEvent(7),
    extraEnv: Record<string, string> = {},
  ): Promise<ActionRun> {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-fault-'))
    const eventPath = path.join(dir, 'event.json')
    const outputPath = path.join(dir, 'output.txt')
    writeFileSync(eventPath, JSON.stringify(event.payload))
    writeFileSync(outputPath, '')
    const summaryPath = path.join(dir, 'summary.md')
    writeFileSync(summaryPath, '')
    runs++
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: REPO,
      GITHUB_EVENT_NAME: event.name,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_API_URL: github.url,
      GITHUB_RUN_ID: String(2000 + runs),
      RUNNER_TEMP: dir,
      PERF_GATE_RUN_ID: `fault-${runs}`,
      PERF_GATE_ADMIN_TOKEN: SECRET,
      ...extraEnv,
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: workspace })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    return { code, stdout, outputs: parseOutputs(readFileSync(outputPath, 'utf8')) }
  }

  beforeAll(async () => {
    github = await startFakeGitHub()
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-fault-ws-'))
    writeFileSync(path.join(workspace, 'perf-gate.yml'), CONFIG)
    mkdirSync(path.join(workspace, 'measured'))
    writeFileSync(path.join(workspace, 'measured', 'results.json'), JSON.stringify(regressedGate()))
  })
  afterAll(async () => {
    await github?.close()
  })
  beforeEach(() => {
    github.intercept(undefined)
  })

  describe('bad input exits 2 before anything starts', () => {
    it('refuses pull_request_target in gate and baseline modes, pointing to the two-stage flow', async () => {
      for (const mode of ['gate', 'baseline']) {
        const run = await runAction(
          { mode, 'github-token': 'write-token' },
          { ...prEvent(7), name: 'pull_request_target' },
        )
        expect(run.code, run.stdout).toBe(2)
        expect(run.stdout).toMatch(
          new RegExp(
            `::error::GITHUB_EVENT_NAME: mode "${mode}" refuses to run on pull_request_target.*workflow_run.*mode: publish`,
          ),
        )
        expect(run.stdout).not.toContain('Start the stack')
      }
    })

    it('an explicit baseline input that does not exist; masks the config’s secret-looking values', async () => {
      const run = await runAction({ baseline: 'nightly/baseline.json', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      expect(run.stdout).toMatch(
        /::error::input "baseline": .*nightly\/baseline\.json: baseline file not found/,
      )
      expect(run.stdout).toContain(`::add-mask::${SECRET}`)
      expect(run.stdout.split(SECRET).length - 1).toBe(1) // only in the mask command itself
    })

    it('an out-dir that cannot be created', async () => {
      writeFileSync(path.join(workspace, 'a-file'), 'x')
      const run = await runAction({ 'out-dir': 'a-file/out', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      expect(run.stdout).toMatch(
        /::error::input "out-dir": .*a-file\/out: cannot create or write the output folder \(a file is in the way of the folder\)/,
      )
    })

    it('a results.json over 20 MB in publish mode', async () => {
      mkdirSync(path.join(workspace, 'huge'), { recursive: true })
      writeFileSync(path.join(workspace, 'huge', 'results.json'), `{"x":"${'y'.repeat(20_000_100)}"}`)
      const run = await runAction({ mode: 'publish', results: 'huge', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      expect(run.stdout).toMatch(
        /::error::input "results": .*huge\/results\.json: file is 20 MB, larger than the 20 MB limit/,
      )
    })

    it('a hostile results.json (a name that is a link) in publish mode', async () => {
      const hostile = JSON.parse(JSON.stringify(regressedGate()))
      hostile.cells[0].profile = '[x](https://evil.example)'
      mkdirSync(path.join(workspace, 'hostile'), { recursive: true })
      writeFileSync(path.join(workspace, 'hostile', 'results.json'), JSON.stringify(hostile))
      const run = await runAction({ mode: 'publish', results: 'hostile', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      expect(run.stdout).toMatch(/hostile\/results\.json: cells\.0\.profile: expected a config name/)
      expect(github.commentsOn(REPO, 7).some((c) => c.body.includes('evil'))).toBe(false)
    })

    it('a bad config: exit 2, each problem annotated with its file and line', async () => {
      const bad = `${CONFIG}gate: { rounds: three, warmupRounds: 0, treshold: 1 }\n`
      mkdirSync(path.join(workspace, 'configs'), { recursive: true })
      writeFileSync(path.join(workspace, 'configs', 'bad.yml'), bad)
      const run = await runAction({ config: 'configs/bad.yml', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      const line = bad.split('\n').findIndex((l) => l.startsWith('gate:')) + 1
      expect(run.stdout).toMatch(
        new RegExp(
          `^::error file=configs/bad\\.yml,line=${line},col=\\d+::gate\\.rounds: expected number`,
          'm',
        ),
      )
      expect(run.stdout).toMatch(
        new RegExp(
          `^::error file=configs/bad\\.yml,line=${line},col=\\d+::gate: unknown key "treshold"`,
          'm',
        ),
      )
      expect(run.stdout).toMatch(/^::error::perf-gate: 2 problems in the config/m)
      expect(run.stdout).not.toContain('Start the stack')
      expect(perfGateContainers(`fault-${runs}`)).toEqual([])
    })

    it('a bad input (threshold): exit 2 naming the input and its expected format', async () => {
      const run = await runAction({ threshold: 'ten percent', 'github-token': 'write-token' })
      expect(run.code, run.stdout).toBe(2)
      expect(run.stdout).toMatch(
        /::error::input "threshold": expected a fraction such as 0.1 or a percentage such as 10%/,
      )
      expect(run.stdout).not.toContain('Start the stack')
      expect(perfGateContainers(`fault-${runs}`)).toEqual([])
    })
  })

  describe('failing report writes are warnings', () => {
    it('a job summary that cannot be written: warning, same verdict, outputs set, exit 0', async () => {
      const run = await runAction(
        { mode: 'publish', results: 'measured', 'github-token': '', 'out-dir': 'pub-summary' },
        prEvent(7),
        { GITHUB_STEP_SUMMARY: workspace }, // a directory: appending to it fails
      )
      expect(run.code, run.stdout).toBe(0)
      expect(run.stdout).toMatch(/::warning::could not write the job summary/)
      expect(run.outputs.verdict).toBe(verdict)
      expect(run.outputs['results-path']).toBe(path.join(workspace, 'pub-summary', 'results.json'))
    })

    it('results.json and report.md that cannot be written: warnings, same verdict, outputs set, exit 0', async () => {
      mkdirSync(path.join(workspace, 'pub-blocked', 'results.json'), { recursive: true })
      mkdirSync(path.join(workspace, 'pub-blocked', 'report.md'), { recursive: true })
      const run = await runAction({
        mode: 'publish',
        results: 'measured',
        'github-token': '',
        'out-dir': 'pub-blocked',
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.stdout).toMatch(/::warning::could not write .*pub-blocked\/results\.json/)
      expect(run.stdout).toMatch(/::warning::could not write .*pub-blocked\/report\.md/)
      expect(run.outputs.verdict).toBe(verdict)
      expect(run.outputs['report-path']).toBe(path.join(workspace, 'pub-blocked', 'report.md'))
    })
  })

  // Every GitHub fault publish() must survive (403, 404, 5xx, rate limits on the comment and the assets
  // branch) runs in-process against this fake in test/unit/publish.test.ts, where waits take
  // milliseconds. Here one of them goes through the built action with its production waits: the
  // throttling plugin honours retry-after (1 s) twice, gives up, and the action carries on.
  it('GitHub API faults: a secondary rate limit (429, retry-after) on the assets blobs is a warning, the verdict and exit code unchanged', async () => {
    const before = github.requests.length
    github.intercept((request) =>
      /\/git\/blobs$/.test(request.path)
        ? {
            status: 429,
            body: { message: 'You have exceeded a secondary rate limit' },
            headers: { 'retry-after': '1' },
          }
        : undefined,
    )
    const run = await runAction({
      mode: 'publish',
      results: 'measured',
      'github-token': 'write-token',
      'out-dir': 'pub-429',
    })
    const blobs = github.requests.slice(before).filter((r) => /\/git\/blobs$/.test(r.path))
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.verdict).toBe(verdict)
    expect(run.outputs['results-path']).toBe(path.join(workspace, 'pub-429', 'results.json'))
    // Bounded: the first request and two retries, each announced, then a warning and the fallback.
    expect(blobs).toHaveLength(3)
    expect(run.stdout).toMatch(/^::warning::GitHub secondary rate limit hit on POST .*retry 1 of 2/m)
    expect(run.stdout).toMatch(/^::warning::GitHub secondary rate limit hit on POST .*giving up/m)
    expect(run.stdout).toMatch(
      /^::warning::Publishing \d+ chart\(s\) .* failed: GitHub answered 429.*Mermaid/m,
    )
    // The comment is still posted, with the Mermaid chart in place of the images.
    const [comment] = github.commentsOn(REPO, 7)
    expect(comment?.body).toContain('```mermaid')
  })
})
