/** Facts about the runner that make two baselines comparable (or say why they are not). */
import { execFile } from 'node:child_process'
import os from 'node:os'
import { promisify } from 'node:util'
import type { MachineFingerprint } from './model.js'
import { requireTool, trustedPath } from './trusted-path.js'

/** The machine fingerprint recorded with every baseline night and gate. */
export function machineFingerprint(
  env: Record<string, string | undefined> = process.env,
): MachineFingerprint {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.arch()}`,
    kernel: os.release(),
    ...(env.RUNNER_NAME
      ? { runner: `${env.RUNNER_NAME} (${env.RUNNER_OS ?? ''} ${env.ImageOS ?? ''})`.trim() }
      : {}),
  }
}

/** The commit being measured: GITHUB_SHA in Actions, else the checkout's HEAD, else null. */
export async function currentGitSha(
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  if (env.GITHUB_SHA) return env.GITHUB_SHA
  try {
    const { stdout } = await promisify(execFile)(requireTool('git'), ['rev-parse', 'HEAD'], {
      cwd,
      timeout: 5_000,
      env: { ...process.env, PATH: trustedPath() },
    })
    return stdout.trim() || null
  } catch {
    return null
  }
}
