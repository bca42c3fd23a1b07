/** Facts about the runner that make two baselines comparable (or say why they are not). */
import os from 'node:os'
import type { MachineFingerprint } from './model.js'
import { workspaceGit } from './workspace-git.js'

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

/**
 * The commit being measured: GITHUB_SHA in Actions, else HEAD of the workspace's repository
 * (`<root>/.git`, never one git discovers inside the pull request's files), else null.
 */
export async function currentGitSha(
  root: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  if (env.GITHUB_SHA) return env.GITHUB_SHA
  try {
    return (await workspaceGit(root, ['rev-parse', 'HEAD'], { timeout: 5_000 })) || null
  } catch {
    return null
  }
}
