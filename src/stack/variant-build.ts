/**
 * The baseline variant built rather than named: a service's baseline image is built by the gate
 * itself from its Dockerfile as it was at a git ref, by default the pull request's merge base. A
 * gateway team then gates with one step (and a checkout deep enough to hold the merge base) instead of
 * building and publishing a baseline image first.
 *
 * The tree at the ref comes from `git archive` (no checkout, the work tree is untouched), and the image
 * is tagged with the commit, so a second gate on the same merge base reuses it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { GenericContainer, getContainerRuntimeClient } from 'testcontainers'
import type { Config, VariantConfig } from '../config/schema.js'
import { ConfigError, InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import { requireTool } from '../trusted-path.js'
import { workspaceGit as git, workspaceGitEnv } from '../workspace-git.js'

const execFileAsync = promisify(execFile)

/** A variant service to build: where its Dockerfile lives and at which commit. */
export interface VariantBuildPlan {
  service: string
  /** The ref as configured ("merge-base", "main", a sha). */
  ref: string
  commit: string
  repoRoot: string
  /** Build context and Dockerfile, relative to the repository root. */
  context: string
  dockerfile: string
  args: Record<string, string>
  tag: string
}

/**
 * The base branch a "merge-base" ref is taken against: the pull request's base (GITHUB_BASE_REF),
 * PERF_GATE_BASE_REF for local runs, else main.
 */
export function baseBranch(env: Record<string, string | undefined>): string {
  return env.GITHUB_BASE_REF || env.PERF_GATE_BASE_REF || 'main'
}

/** Resolves a configured ref to a commit in the repository at `repoRoot`. Throws ConfigError (exit 2). */
export async function resolveRef(
  ref: string,
  repoRoot: string,
  env: Record<string, string | undefined>,
  where: string,
): Promise<string> {
  if (ref === 'merge-base') {
    const base = baseBranch(env)
    for (const candidate of [`origin/${base}`, base]) {
      try {
        await git(repoRoot, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`])
      } catch {
        continue
      }
      try {
        return await git(repoRoot, ['merge-base', 'HEAD', candidate])
      } catch {
        throw new ConfigError([
          `${where}: no merge base between HEAD and ${candidate}: the history is too shallow (use actions/checkout with fetch-depth: 0)`,
        ])
      }
    }
    throw new ConfigError([
      `${where}: base branch "${base}" not found (neither origin/${base} nor ${base}): fetch it (actions/checkout with fetch-depth: 0), or set PERF_GATE_BASE_REF`,
    ])
  }
  try {
    return await git(repoRoot, ['rev-parse', '--verify', `${ref}^{commit}`])
  } catch {
    throw new ConfigError([`${where}: git ref "${ref}" not found in ${repoRoot}`])
  }
}

/**
 * Plans the builds of every variant service that has `build`: resolves its ref and checks that the
 * Dockerfile exists at that commit. Runs before anything starts, so a bad ref is an input error.
 */
export async function planVariantBuilds(
  config: Config,
  configFile: string,
  env: Record<string, string | undefined>,
  /** The workspace (GITHUB_WORKSPACE, the CLI's working directory): its .git is the repository. */
  root: string,
): Promise<VariantBuildPlan[]> {
  const plans: VariantBuildPlan[] = []
  const configDir = path.dirname(configFile)
  for (const [service, override] of Object.entries(config.baselineVariant?.services ?? {})) {
    if (!override.build) continue
    const where = `${configFile}: baselineVariant.services.${service}.build`
    const own = config.services[service]?.build
    const repoRoot = root
    try {
      await git(repoRoot, ['rev-parse', '--git-dir'])
    } catch {
      throw new ConfigError([
        `${where}: the workspace ${repoRoot} has no git repository (${path.join(repoRoot, '.git')}): check the repository out there`,
      ])
    }
    const contextAbs = override.build.context ? path.resolve(configDir, override.build.context) : own?.context
    if (!contextAbs) throw new ConfigError([`${where}.context: service "${service}" has no build context`])
    const context = path.relative(repoRoot, contextAbs) || '.'
    if (context.startsWith('..'))
      throw new ConfigError([`${where}.context: ${contextAbs} is outside the repository ${repoRoot}`])
    const dockerfile = override.build.dockerfile ?? own?.dockerfile ?? 'Dockerfile'
    const commit = await resolveRef(override.build.ref, repoRoot, env, where)
    const inTree = path.posix.join(context.split(path.sep).join('/'), dockerfile)
    try {
      await git(repoRoot, ['cat-file', '-e', `${commit}:${inTree}`])
    } catch {
      throw new ConfigError([
        `${where}: ${inTree} does not exist at ${override.build.ref} (${commit.slice(0, 12)})`,
      ])
    }
    plans.push({
      service,
      ref: override.build.ref,
      commit,
      repoRoot,
      context,
      dockerfile,
      args: own?.args ?? {},
      tag: `perf-gate-baseline/${service}:${commit.slice(0, 12)}`,
    })
  }
  return plans
}

async function imageExists(tag: string): Promise<boolean> {
  const client = await getContainerRuntimeClient()
  try {
    await client.container.dockerode.getImage(tag).inspect()
    return true
  } catch {
    return false
  }
}

/**
 * Builds the planned images (skipping ones already built for the same commit) and returns the baseline
 * variant with `image` set for each built service, ready for startStack.
 */
export async function buildVariantImages(
  variant: VariantConfig,
  plans: readonly VariantBuildPlan[],
  log: Logger,
): Promise<VariantConfig> {
  const services = { ...variant.services }
  for (const plan of plans) {
    const override = services[plan.service] ?? {}
    if (await imageExists(plan.tag)) {
      log.info(`baseline image ${plan.tag} (${plan.ref}) already built`)
    } else {
      const began = Date.now()
      const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-baseline-'))
      try {
        // git archive writes the tree at the commit, without touching the work tree or the index.
        // bash finds git and tar on the trusted PATH only.
        await execFileAsync(
          requireTool('bash'),
          [
            '-c',
            'git archive --format=tar "$1" -- "$2" | tar -x -C "$3"',
            'archive',
            plan.commit,
            plan.context,
            dir,
          ],
          {
            cwd: plan.repoRoot,
            env: workspaceGitEnv(plan.repoRoot),
            timeout: 120_000,
            maxBuffer: 16 * 2 ** 20,
          },
        )
        await GenericContainer.fromDockerfile(path.join(dir, plan.context), plan.dockerfile)
          .withBuildArgs(plan.args)
          .build(plan.tag, { deleteOnExit: false })
      } catch (error) {
        throw new InfrastructureError(
          `baseline image of service "${plan.service}" at ${plan.ref} (${plan.commit.slice(0, 12)}) did not build: ${(error as Error).message}`,
          { cause: error },
        )
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
      log.info(
        `built baseline image ${plan.tag} from ${plan.context}/${plan.dockerfile} at ${plan.ref} (${plan.commit.slice(0, 12)}) in ${((Date.now() - began) / 1000).toFixed(1)}s`,
      )
    }
    const built = { ...override, image: plan.tag }
    delete built.build
    services[plan.service] = built
  }
  return { ...variant, services }
}
