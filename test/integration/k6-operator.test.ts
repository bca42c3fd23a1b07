// `perf-gate k6-operator` through the built CLI, then what k6-operator would do with its manifest,
// short of a cluster (there is none here): the TestRun validates against the CRD's schema, and its
// archive, run by real k6 as two runner pods run it (one execution segment each, the TestRun's
// arguments), sends the cell's load with its headers to the target, split in two.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments, stringify } from 'yaml'
import { findK6 } from '../../src/load/k6.js'
import { segmentFlags } from '../../src/load/segment-merge.js'
import { parseK6Summary } from '../../src/load/summary.js'
import { runBuiltCli } from '../support/cli-process.js'
import { validateTestRun } from '../support/k6-operator-schema.js'

const execFileAsync = promisify(execFile)

const config = (headers: Record<string, string>) => ({
  name: 'edge',
  services: { gw: { image: 'perf-gate/echo:local', ports: [8080], wait: { log: 'ready' } } },
  profiles: [
    {
      name: 'direct',
      target: 'http://gw:8080/echo',
      headers,
      // A key the gateway's admin API hands out at setup, sent in a header.
      setup: [{ method: 'POST', url: 'http://gw:8080/keys', body: { key: 'k' }, capture: { token: 'key' } }],
    },
  ],
  scenarios: [
    {
      name: 'rate-40',
      script: 'constant-arrival-rate',
      rate: 40,
      duration: '2s',
      warmup: '0s',
      method: 'GET',
    },
    { name: 'own', script: './own.js' },
  ],
})

describe('perf-gate k6-operator', () => {
  let server: Server
  let url = ''
  let dir = ''
  const teams: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      teams.push(String(req.headers['x-team']))
      res.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`
    dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-k6-operator-test-'))
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('writes a valid TestRun whose archive runs the cell split over its runners', async () => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    await writeFile(path.join(dir, 'own.js'), 'export default function () {}\n')
    await writeFile(path.join(dir, 'perf-gate.yml'), stringify(config({ 'x-team': 'edge' })))
    const run = await runBuiltCli(
      ['k6-operator', '--scenario', 'rate-40', '--target', url, '--parallelism', '2', '-o', 'testrun.yaml'],
      { cwd: dir, env: process.env },
    )
    expect(run.code, run.output).toBe(0)
    expect(run.stdout).toMatch(/wrote testrun\.yaml \(TestRun edge-rate-40, parallelism 2\)/)
    const docs = parseAllDocuments(await readFile(path.join(dir, 'testrun.yaml'), 'utf8')).map(
      (d) => d.toJS() as Record<string, never>,
    )
    const [configMap, testRun] = docs as unknown as [
      { binaryData: Record<string, string> },
      { spec: { parallelism: number; arguments: string; script: { configMap: { file: string } } } },
    ]
    expect(validateTestRun(testRun)).toEqual([])
    expect(testRun.spec.parallelism).toBe(2)

    const archive = path.join(dir, testRun.spec.script.configMap.file)
    await writeFile(archive, Buffer.from(configMap.binaryData[testRun.spec.script.configMap.file]!, 'base64'))
    // Both runners at once, as k6-operator starts them (it also pauses and resumes them; not needed here).
    const runners = await Promise.all(
      [0, 1].map((i) =>
        execFileAsync(
          k6!.path,
          [
            'run',
            '--quiet',
            '--no-usage-report',
            ...segmentFlags(i, 2),
            ...testRun.spec.arguments.split(' '),
            archive,
          ],
          { env: { PATH: process.env.PATH, HOME: process.env.HOME }, maxBuffer: 16 * 1024 * 1024 },
        ),
      ),
    )
    // Each runner prints its segment's summary (SUMMARY_PATH=stdout in the archive's env).
    const parts = runners.map(({ stdout }) => parseK6Summary(JSON.parse(stdout), 2))
    // Half of 40 req/s for 2 s each (k6 starts an iteration at both ends of the window: 41).
    for (const part of parts) expect(Math.abs(part.requests - 40)).toBeLessThanOrEqual(1)
    // Every request the target saw, with the profile's header: the two runners' load and setup() probes.
    expect(teams).toHaveLength(parts[0]!.requests + parts[1]!.requests + 2)
    expect(new Set(teams)).toEqual(new Set(['edge']))
  }, 120_000)

  it('refuses what cannot run from a cluster, exit 2 naming it', async () => {
    await writeFile(path.join(dir, 'captured.yml'), stringify(config({ authorization: 'Bearer {{token}}' })))
    const cases: [string[], RegExp][] = [
      [['--scenario', 'nope'], /--scenario nope: no such scenario .* \(rate-40, own\)/],
      [
        ['--scenario', 'own'],
        /--scenario own: \S*own\.js is not a load scenario of perf-gate's built-in scripts/,
      ],
      [
        ['--scenario', 'rate-40', '-c', 'captured.yml'],
        /profiles\[0\]\.headers\.authorization: a \{\{value\}\} captured by the profile's setup/,
      ],
    ]
    for (const [args, message] of cases) {
      const run = await runBuiltCli(
        ['k6-operator', '--target', url, '--parallelism', '2', ...args, '-o', 'x.yaml'],
        {
          cwd: dir,
          env: process.env,
        },
      )
      expect(run.code, run.output).toBe(2)
      expect(run.stderr).toMatch(message)
    }
    const zero = await runBuiltCli(
      ['k6-operator', '--scenario', 'rate-40', '--target', url, '--parallelism', '0'],
      {
        cwd: dir,
        env: process.env,
      },
    )
    expect(zero.code).toBe(2)
    expect(zero.stderr).toMatch(/--parallelism <n>' argument '0' is invalid/)
  }, 120_000)
})
