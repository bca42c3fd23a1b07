/**
 * A k6-operator `TestRun` (apiVersion k6.io/v1alpha1) for one cell of perf-gate.yml, for teams that
 * run load from a Kubernetes cluster: the operator starts `parallelism` runner pods, each running one
 * execution segment of the same test (the flags `segmentFlags` gives our own processes), paused until
 * all are ready. The script is a `k6 archive` (the scenario, its lib/ modules and its env) in a
 * ConfigMap, the form k6-operator documents for tests of several files.
 *
 * The manifest builder is pure; `k6Archive` runs k6.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { stringify } from 'yaml'
import { InfrastructureError } from '../errors.js'
import { trustedPath } from '../trusted-path.js'
import type { K6Binary } from './k6.js'

const execFileAsync = promisify(execFile)

/** The file name of the archive inside the ConfigMap (the runner pods run /test/<file>). */
export const ARCHIVE_FILE = 'archive.tar'

/** A ConfigMap holds at most 1 MiB (Kubernetes' limit on an object in etcd). */
export const MAX_CONFIG_MAP_BYTES = 1024 * 1024

/** Kubernetes object names as k6-operator derives pod and service names from them: DNS-1123 labels. */
export const RESOURCE_NAME = /^[a-z0-9]([-a-z0-9]{0,48}[a-z0-9])?$/

export interface TestRunInput {
  /** The TestRun's name; the ConfigMap is `<name>-script`. */
  name: string
  namespace?: string | undefined
  /** Runner pods: one execution segment each. */
  parallelism: number
  /** The `k6 archive` of the scenario, its env included. */
  archive: Uint8Array
  /** `k6 run` flags every runner gets (the config's k6.flags and perf-gate's own). */
  flags: readonly string[]
}

/** A lower-case DNS-1123 name from free text (a gate and scenario name), at most 50 characters. */
export function resourceName(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 50)
    .replace(/^-+|-+$/g, '')
  return name === '' ? 'perf-gate' : name
}

/** The ConfigMap with the archive and the TestRun that runs it, as Kubernetes objects. */
export function testRunObjects(input: TestRunInput): { configMap: object; testRun: object } {
  const metadata = (name: string) => ({
    name,
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    labels: { 'app.kubernetes.io/managed-by': 'perf-gate' },
  })
  const scriptName = `${input.name}-script`
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: metadata(scriptName),
    binaryData: { [ARCHIVE_FILE]: Buffer.from(input.archive).toString('base64') },
  }
  const testRun = {
    apiVersion: 'k6.io/v1alpha1',
    kind: 'TestRun',
    metadata: metadata(input.name),
    spec: {
      parallelism: input.parallelism,
      script: { configMap: { name: scriptName, file: ARCHIVE_FILE } },
      // The operator splits the space-separated string into k6's arguments.
      ...(input.flags.length > 0 ? { arguments: input.flags.join(' ') } : {}),
      // The summary perf-gate's scripts write goes to each runner's log (k6's handleSummary "stdout").
      runner: { env: [{ name: 'K6_NO_USAGE_REPORT', value: 'true' }] },
    },
  }
  return { configMap, testRun }
}

/** The two objects as one YAML stream (`kubectl apply -f`), with a header saying what it is. */
export function testRunManifest(input: TestRunInput, header: readonly string[]): string {
  const { configMap, testRun } = testRunObjects(input)
  const comments = header.map((line) => `# ${line}`.trimEnd()).join('\n')
  return `${comments}\n${stringify(configMap)}---\n${stringify(testRun)}`
}

/**
 * `k6 archive` of `script` with `env` recorded in it (k6 evaluates the options from it once, here:
 * the rate and VUs every runner splits). Nothing of perf-gate's environment reaches k6.
 */
export async function k6Archive(
  k6: K6Binary,
  script: string,
  env: Record<string, string>,
): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-archive-'))
  const out = path.join(dir, ARCHIVE_FILE)
  try {
    const envArgs = Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`])
    await execFileAsync(k6.path, ['archive', '--quiet', '--no-color', '-O', out, ...envArgs, script], {
      timeout: 60_000,
      env: {
        PATH: trustedPath(),
        K6_NO_USAGE_REPORT: 'true',
        ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      },
    })
    return await readFile(out)
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? (error as Error).message
    throw new InfrastructureError(`k6 archive of ${path.basename(script)} failed: ${String(stderr).trim()}`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
