// A pull request's own k6 script runs in a sandbox (src/load/k6-sandbox.ts): a container of only k6,
// the script's folder read-only with .git hidden, and the run folder. A hostile script tries to read
// /etc/passwd and the token actions/checkout leaves in .git/config (directly, from the folder that
// holds .git, and through a symlink), sends what it read to the target, and writes outside the run
// folder through handleSummary. None of it may work; a normal script still runs (byo-script.test.ts).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/errors.js'
import { findK6, runK6Scenarios, type K6Binary } from '../../src/load/k6.js'

const HOSTILE = path.resolve(import.meta.dirname, '../fixtures/k6/hostile/hostile.js')
const TOKEN = 'ghp_FAKEtoken0000000000000000000000000000'

let k6: K6Binary
let server: http.Server
let base: string
const leaks: Record<string, string | null>[] = []

beforeAll(async () => {
  const found = await findK6()
  expect(found, 'k6 must be installed for this test').not.toBeNull()
  k6 = found as K6Binary
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.url === '/leak') leaks.push(JSON.parse(body) as Record<string, string | null>)
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** A checkout as actions/checkout leaves it: .git/config holds the token. */
function checkout(): { repo: string; script: string } {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'perf-gate-hostile-repo-')))
  mkdirSync(path.join(repo, '.git'))
  writeFileSync(
    path.join(repo, '.git', 'config'),
    `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${TOKEN}\n`,
  )
  mkdirSync(path.join(repo, 'perf'))
  symlinkSync('../.git', path.join(repo, 'perf', 'gitlink'))
  const script = path.join(repo, 'perf', 'hostile.js')
  copyFileSync(HOSTILE, script)
  // The same script at the root of the checkout, beside .git.
  copyFileSync(HOSTILE, path.join(repo, 'hostile.js'))
  return { repo, script }
}

describe('an own k6 script from a pull request', () => {
  it.each(['perf/hostile.js', 'hostile.js'])(
    'cannot read the runner or .git, nor write outside its run folder (%s)',
    async (relative) => {
      const { repo } = checkout()
      const escapeDir = mkdtempSync(path.join(tmpdir(), 'perf-gate-escape-'))
      const escapeName = `perf-gate-escape-${process.pid}-${Date.now()}.txt`
      // `../NAME` from k6's working directory: the run folder's parent in the sandbox, ours without.
      const relativeTargets = [path.join(tmpdir(), escapeName), path.resolve(process.cwd(), '..', escapeName)]
      leaks.length = 0
      try {
        const { metrics, warnings } = await runK6Scenarios(
          {
            k6,
            script: path.join(repo, relative),
            env: { BASE_URL: base, REPO_DIR: repo, ESCAPE_DIR: escapeDir, ESCAPE_NAME: escapeName },
            durationS: 1,
            timeoutMs: 60_000,
            wrap: { latencyMetric: 'http_req_duration', endpointTag: 'name' },
            networks: ['host'],
          },
          ['load'],
        )
        // The run itself worked and its results were read; the refused outputs are named.
        expect(warnings).toHaveLength(3)
        expect(warnings?.join('\n')).toContain(`"../${escapeName}" is outside the run folder; not written`)
        expect(metrics.load?.requests).toBe(1)
        expect(leaks).toHaveLength(1)
        const read = leaks[0] as Record<string, string | null>
        expect.soft(read.passwd, '/etc/passwd').toBeNull()
        expect.soft(read.gitConfig, '../.git/config').toBeNull()
        expect.soft(read.gitConfigBesideScript, './.git/config').toBeNull()
        expect.soft(read.viaSymlink, 'a symlink to .git').toBeNull()
        expect.soft(read.absolute, 'the absolute path of .git/config').toBeNull()
        expect.soft(JSON.stringify(read)).not.toContain(TOKEN)
        expect.soft(existsSync(path.join(escapeDir, 'absolute.txt')), 'an absolute path outside').toBe(false)
        for (const file of relativeTargets)
          expect.soft(existsSync(file), `../ from the run folder: ${file}`).toBe(false)
        expect.soft(existsSync(path.join(repo, 'perf', 'planted.js')), 'a file in the checkout').toBe(false)
      } finally {
        for (const file of relativeTargets) rmSync(file, { force: true })
        rmSync(escapeDir, { recursive: true, force: true })
        rmSync(repo, { recursive: true, force: true })
      }
    },
  )
})

describe('an own k6 script that declares more than the 24 h cap', () => {
  it('is a config error naming it, found by k6 inspect in the sandbox before k6 run', async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'perf-gate-long-script-')))
    const script = path.join(dir, 'long.js')
    // 30 days: beyond Node's timer limit too (2^31-1 ms), which used to kill k6 the moment it started.
    writeFileSync(
      script,
      `import http from 'k6/http'\nexport const options = { vus: 1, duration: '720h' }\nexport default function () { http.post('${base}/leak', '{}') }\n`,
    )
    leaks.length = 0
    try {
      const error = await runK6Scenarios(
        {
          k6,
          script,
          env: {},
          durationS: 1,
          timeoutMs: 60_000,
          wrap: { latencyMetric: 'http_req_duration', endpointTag: 'name' },
          networks: ['host'],
        },
        ['load'],
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).message).toMatch(/long\.js: the script's scenarios last up to 720 h/)
      expect(leaks, 'k6 run never started').toHaveLength(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
