/**
 * Runs the built action (dist/index.js) as GitHub runs it: inputs as INPUT_* variables, the event in
 * GITHUB_EVENT_PATH, the step summary and outputs in their files, GITHUB_API_URL pointing at the local
 * GitHub API server (test/support/fake-github.ts). Each call gets a temporary RUNNER_TEMP of its own.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export const REPO = 'acme/gateway'

export interface ActionRun {
  code: number | null
  stdout: string
  outputs: Record<string, string>
  summary: string
}

/** Parses GITHUB_OUTPUT's heredoc format (name<<DELIMITER ... DELIMITER). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string
  return outputs
}

/** A pull_request event on REPO (from a fork when `fork`), base main at b…b. */
export function pullRequestEvent(number: number, sha: string, fork: boolean) {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      head: { sha, ref: 'feature', repo: { full_name: fork ? 'mallory/gateway' : REPO } },
      base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
    },
    repository: { full_name: REPO },
  }
}

export interface ActionRunOptions {
  workspace: string
  /** The local GitHub API server's URL. */
  apiUrl: string
  inputs: Record<string, string>
  event: { name: string; payload: unknown }
  /** Numbers this run (GITHUB_RUN_ID 1000 + n, PERF_GATE_RUN_ID e2e-n). */
  run: number
}

/** One run of the built action; resolves when it exits, with its output, outputs and step summary. */
export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const { workspace, apiUrl, inputs, event, run } = options
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-run-'))
  const eventPath = path.join(dir, 'event.json')
  const summaryPath = path.join(dir, 'summary.md')
  const outputPath = path.join(dir, 'output.txt')
  writeFileSync(eventPath, JSON.stringify(event.payload))
  writeFileSync(summaryPath, '')
  writeFileSync(outputPath, '')
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
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: String(1000 + run),
    GITHUB_SHA: 'c'.repeat(40),
    RUNNER_TEMP: dir,
    PERF_GATE_RUN_ID: `e2e-${run}`,
    // Node's compile cache, when the test run set one (vitest.config.ts): a runner's cold start is
    // not what these tests are about, and parsing dist's vendor chunk in every action run is CPU the
    // tests beside them need.
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
  }
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: workspace })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return {
    code,
    stdout,
    outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
  }
}
