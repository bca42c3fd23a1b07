// The built action uploads its output folder itself and the PR comment links to the artifact: dist/
// run as GitHub runs it (publish mode, so no Docker), with the real @actions/artifact client talking
// to the local fake's artifact service (twirp + a signed blob URL) and octokit to its REST API.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeRuntimeToken, startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'
import { regressedGate } from '../support/report-fixtures.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REPO = 'acme/gateway'
// @actions/artifact refuses GitHub Enterprise Server; a *.localhost server counts as github.com.
const SERVER = 'http://github.localhost'

describe('the action uploads its artifacts', () => {
  let github: FakeGitHub & AsyncDisposable
  let workspace: string
  let runs = 0

  async function runAction(inputs: Record<string, string>) {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-upload-run-'))
    const event = path.join(dir, 'event.json')
    const output = path.join(dir, 'output.txt')
    writeFileSync(
      event,
      JSON.stringify({
        number: 9,
        pull_request: {
          number: 9,
          head: { sha: 'a'.repeat(40), ref: 'f', repo: { full_name: REPO } },
          base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
        },
        repository: { full_name: REPO },
      }),
    )
    writeFileSync(output, '')
    writeFileSync(path.join(dir, 'summary.md'), '')
    runs++
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: REPO,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
      GITHUB_OUTPUT: output,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: SERVER,
      GITHUB_RUN_ID: String(500 + runs),
      RUNNER_TEMP: dir,
      ACTIONS_RUNTIME_TOKEN: fakeRuntimeToken(),
      ACTIONS_RESULTS_URL: `${github.url}/`,
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: workspace })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    return { code, stdout, outputs: readFileSync(output, 'utf8') }
  }

  beforeAll(async () => {
    github = await startFakeGitHub({ serverUrl: SERVER })
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-upload-ws-'))
    mkdirSync(path.join(workspace, 'measured'))
    writeFileSync(path.join(workspace, 'measured', 'results.json'), JSON.stringify(regressedGate()))
  })
  afterAll(async () => {
    await github.close()
  })

  it('uploads the output folder, links the comment and the artifact-url output to it', async () => {
    const run = await runAction({
      mode: 'publish',
      results: 'measured',
      'github-token': 'write-token',
      'out-dir': 'report',
    })
    expect(run.code, run.stdout).toBe(0)
    const [artifact] = github.state.artifacts
    expect(artifact).toMatchObject({ name: 'perf-gate-default', finalized: true })
    // The zip holds the re-rendered report, named as in the output folder.
    const names = execFileSync(
      'python3',
      [
        '-c',
        'import sys,zipfile,io; print("\\n".join(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist()))',
      ],
      { input: artifact!.content, encoding: 'utf8' },
    )
    expect(names.split('\n')).toEqual(expect.arrayContaining(['results.json', 'report.md', 'report.html']))
    expect(names).toMatch(/^charts\/.+\.png$/m)
    const url = `${SERVER}/${REPO}/actions/runs/${500 + runs}/artifacts/${artifact!.id}`
    const [comment] = github.commentsOn(REPO, 9)
    expect(comment!.body).toContain(`](${url})`)
    expect(run.outputs).toContain(`artifact-url<<`)
    expect(run.outputs).toContain(url)
    expect(github.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        '/twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
      ]),
    )
  }, 120_000)

  it('uploads nothing with upload-artifacts: false, and the comment links to the run', async () => {
    const before = github.state.artifacts.length
    const run = await runAction({
      mode: 'publish',
      results: 'measured',
      'github-token': 'write-token',
      'out-dir': 'report-2',
      'comment-key': 'no-upload',
      'upload-artifacts': 'false',
    })
    expect(run.code, run.stdout).toBe(0)
    expect(github.state.artifacts).toHaveLength(before)
    const comment = github.commentsOn(REPO, 9).find((c) => c.body.startsWith('<!-- perf-gate:no-upload -->'))
    expect(comment!.body).toContain(`](${SERVER}/${REPO}/actions/runs/${500 + runs})`)
    expect(run.outputs).not.toContain('artifact-url')
  }, 120_000)
})
