// The real @actions/artifact client uploads the output folder to the fake's artifact service (twirp +
// a signed Azure blob URL), and the upload's page is what the comment links to. Failures are warnings.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { artifactName, uploadArtifacts } from '../../../src/github/upload-artifacts.js'
import type { Logger } from '../../../src/log.js'
import { fakeRuntimeToken, startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'

describe('uploadArtifacts', () => {
  let fake: FakeGitHub & AsyncDisposable
  const lines: string[] = []
  const log: Logger = {
    info: (m) => void lines.push(`info: ${m}`),
    warning: (m) => void lines.push(`warning: ${m}`),
    group: (_n, fn) => fn(),
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-upload-'))
  mkdirSync(path.join(dir, 'charts'))
  writeFileSync(path.join(dir, 'results.json'), '{"verdict":"pass"}')
  writeFileSync(path.join(dir, 'charts', 'decision.svg'), '<svg/>')

  beforeEach(async () => {
    fake = await startFakeGitHub()
    lines.length = 0
    // @actions/artifact reads these from the process; a non-GitHub server URL would count as GHES.
    vi.stubEnv('ACTIONS_RUNTIME_TOKEN', fakeRuntimeToken())
    vi.stubEnv('ACTIONS_RESULTS_URL', `${fake.url}/`)
    vi.stubEnv('GITHUB_SERVER_URL', 'http://github.localhost')
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await fake.close()
  })

  it('uploads the folder as one zip and returns the page the comment links to', async () => {
    const runUrl = 'http://github.localhost/o/r/actions/runs/42'
    const uploaded = await uploadArtifacts({ dir, name: 'perf-gate-default', runUrl, log })
    expect(uploaded).toEqual({
      id: 7000,
      name: 'perf-gate-default',
      url: 'http://github.localhost/o/r/actions/runs/42/artifacts/7000',
    })
    const [artifact] = fake.state.artifacts
    expect(artifact?.finalized).toBe(true)
    // The zip lists both files under their paths in the folder.
    const listing = execFileSync(
      'python3',
      [
        '-c',
        'import sys,zipfile,io; print("\\n".join(sorted(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist())))',
      ],
      {
        input: artifact?.content,
        encoding: 'utf8',
      },
    )
    expect(listing.trim().split('\n')).toEqual(['charts/decision.svg', 'results.json'])
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/\/blob\/.*/, '/blob/…')}`)).toEqual(
      expect.arrayContaining([
        'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        'PUT /blob/…',
        'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
      ]),
    )
  })

  it('warns and returns nothing when the service refuses (a second upload of one name)', async () => {
    await uploadArtifacts({ dir, name: 'perf-gate-default', runUrl: undefined, log })
    vi.stubEnv('ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS', '5000')
    const again = await uploadArtifacts({ dir, name: 'perf-gate-default', runUrl: undefined, log })
    expect(again).toBeUndefined()
    expect(lines.at(-1)).toMatch(
      /^warning: uploading the artifact perf-gate-default failed: .*; the files are in /,
    )
  }, 60_000)

  it('does nothing outside an Actions job', async () => {
    vi.stubEnv('ACTIONS_RUNTIME_TOKEN', '')
    expect(await uploadArtifacts({ dir, name: 'x', runUrl: undefined, log })).toBeUndefined()
    expect(fake.requests).toEqual([])
    expect(lines).toEqual([
      'info: not in a GitHub Actions job (no ACTIONS_RUNTIME_TOKEN): artifacts not uploaded',
    ])
  })

  it('names artifacts per comment key and mode, in characters GitHub accepts', () => {
    expect(artifactName('default', 'gate')).toBe('perf-gate-default')
    expect(artifactName('api', 'baseline')).toBe('perf-gate-api-baseline')
  })
})
