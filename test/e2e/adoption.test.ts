// Adoption, from zero: a fresh gateway repository (an nginx-based gateway built from its own
// Dockerfile), `perf-gate init --dockerfile gateway/Dockerfile --workflows`, a commit on main, then the
// built action (dist/index.js) run the way GitHub runs it on pull requests of that repository, against
// the local fake GitHub API. Nothing is prepared by hand except the gateway's base image (it stands
// for the team's own): perf-gate/echo:local is removed first, so the action must build it itself, and
// the baseline gateway is built by the gate from the merge base. The Ryuk reaper is not turned off
// here either: the action must do that itself before its first Docker call. The accept label on such
// a pull request is tested with a cheaper gate in accept-regression.test.ts.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REPO = 'acme/edge-gateway'
const RUN_PREFIX = `e2e-adopt-${process.pid}`

/**
 * The team's gateway: nginx in front of the echo upstream (the name `perf-gate init` gives it), a
 * keep-alive reverse proxy with a health endpoint. `policy` goes into the proxied location.
 */
function nginxConf(policy = ''): string {
  return `worker_processes 2;
error_log stderr notice;
pid /run/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  upstream backend {
    server echo:8080;
    keepalive 64;
  }
  server {
    listen 8080;
    location = /health { return 200 'ok'; }
${policy}
    location / {
${policy ? '      auth_request /_auth;\n' : ''}      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`
}

// A real policy: every request is authorised first by a subrequest to an auth service, here the
// backend answering after 200 ms (X-Echo-Delay-Us), as a slow remote token check would. Large on
// purpose: the test is about the adoption path, and a shared 2-core machine must still decide it in
// few pairs. Under load (15-20 on 2 cores) the baseline's own P95 wanders from 2 to 25 ms, so the
// spread of the pairs' log ratio is about the same whatever the delay, and only a larger ratio decides
// sooner: with 20 ms it took 4 to 8 pairs there, with 50 ms 5 or more; unloaded, 3.
const AUTH_POLICY = `    location = /_auth {
      internal;
      proxy_pass http://backend/auth;
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header X-Echo-Delay-Us 200000;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }`

const DOCKERFILE = `# Our gateway: nginx with our config. The base stands for the team's own nginx image.
FROM perf-gate/nginx:local
COPY nginx.conf /etc/nginx/nginx.conf
`

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

interface ActionRun {
  code: number | null
  stdout: string
  outputs: Record<string, string>
  summary: string
  results: {
    verdict: string
    decision?: string
    cannotBlock?: string[]
    cells: { cell: string; verdict: string }[]
  }
}

/** Parses GITHUB_OUTPUT's heredoc format (name<<DELIMITER ... DELIMITER). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
    outputs[match[1] as string] = match[3] as string
  return outputs
}

describe('adoption: init in a fresh gateway repository, then the action on its pull requests', () => {
  let github: FakeGitHub
  let repo: string
  let runs = 0
  /** Images the gates built for this throwaway repository (tags unique to it), removed afterwards. */
  const builtImages = new Set<string>()

  /**
   * Runs the built action on a pull request from `branch` into main, as GitHub would: the branch
   * checked out with the full history (fetch-depth: 0), INPUT_* from the generated workflow's `with:`.
   */
  async function gatePullRequest(branch: string, number: number): Promise<ActionRun> {
    git(repo, 'checkout', '-q', branch)
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-adopt-run-'))
    const eventPath = path.join(dir, 'event.json')
    const summaryPath = path.join(dir, 'summary.md')
    const outputPath = path.join(dir, 'output.txt')
    const head = git(repo, 'rev-parse', 'HEAD')
    writeFileSync(
      eventPath,
      JSON.stringify({
        action: 'synchronize',
        number,
        pull_request: {
          number,
          labels: [],
          head: { sha: head, ref: branch, repo: { full_name: REPO } },
          base: { sha: git(repo, 'rev-parse', 'main'), ref: 'main', repo: { full_name: REPO } },
        },
        repository: { full_name: REPO },
      }),
    )
    writeFileSync(summaryPath, '')
    writeFileSync(outputPath, '')
    runs++
    const outDir = `perf-gate-results-${number}`
    // The environment of a runner: no TESTCONTAINERS_RYUK_DISABLED (the action decides).
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repo,
      GITHUB_REPOSITORY: REPO,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_BASE_REF: 'main',
      GITHUB_HEAD_REF: branch,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: String(2000 + runs),
      GITHUB_SHA: head,
      RUNNER_TEMP: dir,
      PERF_GATE_RUN_ID: `${RUN_PREFIX}-${runs}`,
      INPUT_CONFIG: 'perf-gate.yml',
      'INPUT_GITHUB-TOKEN': 'write-token',
      'INPUT_OUT-DIR': outDir,
      // The action's defaults, as GitHub passes them when the workflow does not set them.
      INPUT_MODE: 'gate',
      INPUT_COMMENT: 'true',
      'INPUT_COMMENT-KEY': 'default',
      'INPUT_BASELINE-BRANCH': 'perf-gate-data',
      'INPUT_UPLOAD-ARTIFACTS': 'false',
    }
    delete env.TESTCONTAINERS_RYUK_DISABLED
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: repo })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const began = Date.now()
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    for (const match of stdout.matchAll(/(perf-gate-(?:build|baseline)\/gateway:\w+)/g))
      builtImages.add(match[1] as string)
    const resultsFile = path.join(repo, outDir, 'results.json')
    expect(existsSync(resultsFile), stdout).toBe(true)
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as ActionRun['results']
    // One line per gate in the test output: what a shared machine decided, and how long it took.
    process.stdout.write(
      `adoption ${branch}: exit ${code}, ${results.verdict} (${results.decision ?? ''}), ${((Date.now() - began) / 1000).toFixed(0)} s\n`,
    )
    return {
      code,
      stdout,
      outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
      summary: readFileSync(summaryPath, 'utf8'),
      results,
    }
  }

  beforeAll(async () => {
    // The gateway's base image stands for the team's own; everything else perf-gate must obtain.
    requireImages('perf-gate/nginx:local')
    // -f: a container of another test may still use the image; untagging it is enough here.
    execFileSync('docker', ['image', 'rm', '-f', 'perf-gate/echo:local'], { stdio: 'ignore' })
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })

    repo = mkdtempSync(path.join(tmpdir(), 'perf-gate-adopt-'))
    git(repo, 'init', '-q', '-b', 'main')
    git(repo, 'config', 'user.email', 'test@example.invalid')
    git(repo, 'config', 'user.name', 'perf-gate test')
    mkdirSync(path.join(repo, 'gateway'))
    writeFileSync(path.join(repo, 'gateway', 'Dockerfile'), DOCKERFILE)
    writeFileSync(path.join(repo, 'gateway', 'nginx.conf'), nginxConf())
    writeFileSync(path.join(repo, 'README.md'), '# edge gateway\n')

    const init = await runCli(['init', '--dockerfile', 'gateway/Dockerfile', '--workflows'], { cwd: repo })
    expect(init.code, init.stderr).toBe(0)
    // The template can block: init warns about nothing.
    expect(init.stdout).not.toContain('can never block')
    expect(existsSync(path.join(repo, '.github/workflows/perf-gate.yml'))).toBe(true)
    expect(existsSync(path.join(repo, '.github/workflows/perf-gate-nightly.yml'))).toBe(true)
    // Cheaper than init's defaults (2 s runs at 100 req/s, 3 to 4 pairs), the shape unchanged: a
    // shared 2-core machine running other tests cannot deliver 2 x 500 req/s (k6 drops iterations and
    // every run is invalid). At most 4 pairs: (a) decides in 3 (4 under load), and (b), unchanged code,
    // passes or stops inconclusive (green with a warning) after 4 pairs; its pairs were most of this
    // file's time. Each replacement must hit, so a template change shows here.
    let config = readFileSync(path.join(repo, 'perf-gate.yml'), 'utf8')
    for (const [from, to] of [
      ['rate: 500', 'rate: 100'],
      ['duration: 4s', 'duration: 2s'],
      ['rounds: 5', 'rounds: 3'],
      ['maxRounds: 20', 'maxRounds: 4'],
    ] as const) {
      expect(config).toContain(from)
      config = config.replace(from, to)
    }
    writeFileSync(path.join(repo, 'perf-gate.yml'), config)
    git(repo, 'add', '.')
    git(repo, 'commit', '-q', '-m', 'perf-gate: init')

    // (a) A pull request that adds a policy: an auth subrequest on every request.
    git(repo, 'checkout', '-q', '-b', 'add-auth')
    writeFileSync(path.join(repo, 'gateway', 'nginx.conf'), nginxConf(AUTH_POLICY))
    git(repo, 'commit', '-q', '-am', 'gateway: authorise every request')
    // (b) A pull request that changes nothing in the gateway.
    git(repo, 'checkout', '-q', '-b', 'docs', 'main')
    writeFileSync(path.join(repo, 'README.md'), '# edge gateway\n\nHow to run it locally.\n')
    git(repo, 'commit', '-q', '-am', 'docs: how to run it')
  }, 120_000)

  afterAll(async () => {
    await github?.close()
    if (builtImages.size > 0)
      execFileSync('docker', ['image', 'rm', '-f', ...builtImages], { stdio: 'ignore' })
    if (repo) rmSync(repo, { recursive: true, force: true })
    expect(perfGateContainers(RUN_PREFIX)).toEqual([])
    expect(perfGateNetworks(RUN_PREFIX)).toEqual([])
  })

  it('(a) blocks the pull request that slows the gateway: exit 1, verdict regression', async () => {
    const run = await gatePullRequest('add-auth', 1)
    // The echo upstream was missing: the action built it, offline, before the stack started.
    expect(run.stdout).toContain('perf-gate/echo:local is not in Docker: building it')
    expect(run.stdout).toMatch(
      /built baseline image perf-gate-baseline\/gateway:\w{12} from gateway\/Dockerfile/,
    )
    expect(run.results.cannotBlock).toBeUndefined()
    expect(run.code, run.stdout).toBe(1)
    expect(run.outputs.verdict).toBe('regression')
    expect(run.results.verdict).toBe('regression')
    expect(run.outputs['regressed-cells']).toBe('passthrough/rate-500-1kb')
    const comments = github.commentsOn(REPO, 1)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toContain('regression')
  })

  it('(b) lets the pull request that changes nothing through: exit 0, never a regression', async () => {
    const run = await gatePullRequest('docs', 2)
    expect(run.code, run.stdout).toBe(0)
    expect(['pass', 'inconclusive']).toContain(run.results.verdict)
    expect(run.outputs.verdict).toBe(run.results.verdict)
    // An undecided gate is green, but says so with a warning annotation.
    if (run.results.verdict === 'inconclusive')
      expect(run.stdout).toMatch(/^::warning::perf-gate: inconclusive/m)
    expect(github.commentsOn(REPO, 2)).toHaveLength(1)
  })
})
