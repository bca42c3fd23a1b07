/**
 * The rules that tie sections of perf-gate.yml together (a service named in dependsOn exists, a
 * profile is not named twice, paired needs a baseline variant, ...): checkConfig is the root schema's
 * superRefine, each rule a named check so a message can be found by what it guards.
 */
import type { z } from 'zod'
import { templateNames, templateNamesIn } from '../template.js'
import type { ConfigFields } from './config-fields.js'
import { DURATION_PATTERN, durationMs } from './durations.js'
import { MAX_CELLS } from './fields.js'
import { countCells } from './sweep-levels.js'
import { isBuiltInScenario } from './scenarios.js'

type Ctx = z.core.$RefinementCtx<ConfigFields>

/** Every cross-section rule, in the order their messages are reported. */
export function checkConfig(config: ConfigFields, ctx: Ctx): void {
  checkServices(config, ctx)
  checkProfileReferences(config, ctx)
  checkCellCount(config, ctx)
  config.profiles.forEach((profile, i) => checkProfileTemplates(profile, i, ctx))
  checkDuplicateNames(config, ctx)
  checkBaselineVariant(config, ctx)
  checkGateBounds(config, ctx)
  checkStartupServices(config, ctx)
  checkSegments(config, ctx)
}

/**
 * `k6.segments` splits the built-in scripts, whose summary perf-gate merges; an own script's
 * thresholds and per-endpoint results are judged per process and have no exact merge.
 */
function checkSegments(config: ConfigFields, ctx: Ctx): void {
  if (config.k6.segments <= 1) return
  config.scenarios.forEach((scenario, i) => {
    if (isBuiltInScenario(scenario.script)) return
    ctx.addIssue({
      code: 'custom',
      path: ['k6', 'segments'],
      message: `runs built-in scenarios only; scenarios[${i}] is your own script ${scenario.script} (its thresholds and per-endpoint results have no exact merge across processes): set k6.segments to 1`,
    })
  })
}

/**
 * A start-up scenario restarts a service of perf-gate.yml: the one it names, or each of its profiles'
 * target hosts. A compose stack's containers are not ours to restart.
 */
function checkStartupServices(config: ConfigFields, ctx: Ctx): void {
  const services = new Set(Object.keys(config.services))
  config.scenarios.forEach((scenario, i) => {
    if (!scenario.startup) return
    if (config.stack) {
      ctx.addIssue({
        code: 'custom',
        path: ['scenarios', i, 'script'],
        message: 'a start-up scenario restarts services of perf-gate.yml; it cannot run on a compose stack',
      })
      return
    }
    const named = scenario.startup.service
    if (named !== undefined) {
      if (!services.has(named))
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', i, 'startup', 'service'],
          message: `unknown service "${named}"`,
        })
      return
    }
    for (const profile of config.profiles) {
      if (scenario.profiles && !scenario.profiles.includes(profile.name)) continue
      const host = URL.canParse(profile.target) ? new URL(profile.target).hostname : ''
      if (!services.has(host))
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', i, 'startup', 'service'],
          message: `profile "${profile.name}" targets "${host}", not a service: name the service to restart`,
        })
    }
  })
}

/** Either `services` or `stack.compose`; every dependsOn names a service. */
function checkServices(config: ConfigFields, ctx: Ctx): void {
  const services = new Set(Object.keys(config.services))
  if (config.stack && services.size > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['stack', 'compose'],
      message: 'expected either "services" or "stack.compose", not both',
    })
  } else if (!config.stack && services.size === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['services'],
      message: 'expected at least one service (or a compose file in "stack.compose")',
    })
  }
  for (const [serviceName, service] of Object.entries(config.services)) {
    service.dependsOn.forEach((dep, i) => {
      if (!services.has(dep)) {
        ctx.addIssue({
          code: 'custom',
          path: ['services', serviceName, 'dependsOn', i],
          message: `unknown service "${dep}"`,
        })
      }
    })
  }
}

/** Scenario profile lists and report.reference name profiles that exist. */
function checkProfileReferences(config: ConfigFields, ctx: Ctx): void {
  const profileNames = new Set(config.profiles.map((p) => p.name))
  config.scenarios.forEach((scenario, i) =>
    scenario.profiles?.forEach((profile, j) => {
      if (!profileNames.has(profile))
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', i, 'profiles', j],
          message: `unknown profile "${profile}"`,
        })
    }),
  )
  if (config.report.reference !== undefined && !profileNames.has(config.report.reference)) {
    ctx.addIssue({
      code: 'custom',
      path: ['report', 'reference'],
      message: `unknown profile "${config.report.reference}"`,
    })
  }
}

/** Sweeps expanded, the config makes at most MAX_CELLS cells. */
function checkCellCount(config: ConfigFields, ctx: Ctx): void {
  const cells = countCells(config.profiles, config.scenarios)
  if (cells > MAX_CELLS) {
    ctx.addIssue({
      code: 'custom',
      path: ['scenarios'],
      message: `${config.profiles.length} profiles x ${config.scenarios.length} scenarios (sweep levels expanded) make ${cells} cells; at most ${MAX_CELLS} are allowed`,
    })
  }
}

/** A problem of one profile's `{{name}}` templates, at a path below `profiles[i]`. */
export interface TemplateProblem {
  path: (string | number)[]
  message: string
}

/**
 * A setup call uses {{i}} and what earlier calls captured; the profile's headers use what its setup
 * captured. Exported for bodies read from a bodyFile, which are checked once they are read.
 */
export function profileTemplateProblems(
  profile: Pick<ConfigFields['profiles'][number], 'setup' | 'headers'>,
): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  // A setup call may use {{i}} and what earlier calls captured.
  const known = new Set(['i'])
  profile.setup.forEach((call, j) => {
    const used = [
      ...templateNames(call.url),
      ...Object.values(call.headers).flatMap(templateNames),
      ...templateNamesIn(call.body),
    ]
    for (const name of new Set(used)) {
      if (!known.has(name))
        problems.push({
          path: ['setup', j],
          message: `{{${name}}} is neither {{i}} nor captured by an earlier setup call`,
        })
    }
    for (const name of Object.keys(call.capture)) known.add(name)
  })
  const captured = new Set(profile.setup.flatMap((call) => Object.keys(call.capture)))
  for (const [header, value] of Object.entries(profile.headers)) {
    for (const used of templateNames(value)) {
      if (!captured.has(used))
        problems.push({
          path: ['headers', header],
          message: `{{${used}}} is not captured by this profile's setup`,
        })
    }
  }
  return problems
}

function checkProfileTemplates(profile: ConfigFields['profiles'][number], i: number, ctx: Ctx): void {
  for (const problem of profileTemplateProblems(profile))
    ctx.addIssue({ code: 'custom', path: ['profiles', i, ...problem.path], message: problem.message })
}

/** No profile and no scenario is named twice. */
function checkDuplicateNames(config: ConfigFields, ctx: Ctx): void {
  const seen = new Set<string>()
  config.profiles.forEach((profile, i) => {
    if (seen.has(profile.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['profiles', i, 'name'],
        message: `duplicate profile "${profile.name}"`,
      })
    }
    seen.add(profile.name)
  })
  const seenScenarios = new Set<string>()
  config.scenarios.forEach((scenario, i) => {
    if (seenScenarios.has(scenario.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['scenarios', i, 'name'],
        message: `duplicate scenario "${scenario.name}"`,
      })
    }
    seenScenarios.add(scenario.name)
  })
}

/** Paired mode has a baseline variant; its overrides name services of `services`. */
function checkBaselineVariant(config: ConfigFields, ctx: Ctx): void {
  const services = new Set(Object.keys(config.services))
  if (config.gate.method === 'paired' && !config.baselineVariant) {
    ctx.addIssue({
      code: 'custom',
      path: ['gate', 'method'],
      message: '"paired" needs a baselineVariant to compare the candidate with',
    })
  }
  for (const [serviceName, override] of Object.entries(config.baselineVariant?.services ?? {})) {
    // A compose file's services are checked against the file when it is read (config/compose-file.ts).
    if (config.stack) continue
    if (!services.has(serviceName)) {
      ctx.addIssue({
        code: 'custom',
        path: ['baselineVariant', 'services', serviceName],
        message: `unknown service "${serviceName}"`,
      })
    } else if (override.build && !override.build.context && !config.services[serviceName]?.build) {
      ctx.addIssue({
        code: 'custom',
        path: ['baselineVariant', 'services', serviceName, 'build', 'context'],
        message: `service "${serviceName}" has no build of its own: give the baseline's build context`,
      })
    }
  }
}

/**
 * gate.maxRounds and gate.blockConfidence are at least what they extend; a gated CPU per request has
 * samples to come from.
 */
function checkGateBounds(config: ConfigFields, ctx: Ctx): void {
  if (config.gate.maxRounds !== undefined && config.gate.maxRounds < config.gate.rounds) {
    ctx.addIssue({
      code: 'custom',
      path: ['gate', 'maxRounds'],
      message: `must be at least gate.rounds (${config.gate.rounds})`,
    })
  }
  if (config.gate.blockConfidence < config.gate.confidence) {
    ctx.addIssue({
      code: 'custom',
      path: ['gate', 'blockConfidence'],
      message: `must be at least gate.confidence (${config.gate.confidence}): blocking needs at least the evidence passing does`,
    })
  }
  const { blockWarmupMin: min, blockWarmupMax: max } = config.gate
  if (DURATION_PATTERN.test(min) && DURATION_PATTERN.test(max) && durationMs(min) > durationMs(max)) {
    ctx.addIssue({
      code: 'custom',
      path: ['gate', 'blockWarmupMin'],
      message: `must be at most gate.blockWarmupMax (${max})`,
    })
  }
  const cpuMode = config.gate.cpuPerRequest
  if ((cpuMode === 'gate' || cpuMode === 'only') && !config.gate.sampleResources) {
    ctx.addIssue({
      code: 'custom',
      path: ['gate', 'cpuPerRequest'],
      message: `"${cpuMode}" needs gate.sampleResources: true (CPU per request comes from the sampled CPU counters)`,
    })
  }
}
