/**
 * Which environment variables a pull request's files may read, and how values read from the
 * environment are kept out of everything perf-gate prints or writes. Pure: no I/O.
 *
 * A pull request controls the config (`${NAME}`) and the compose file (Compose's own `${NAME}` and
 * `environment: [NAME]` passthrough); what they read lands in containers the pull request controls,
 * in setup URLs perf-gate calls, and in reports. So a name is refused when it belongs to the runner,
 * CI, a cloud or a tool, or when it is named like a credential; a value is refused when it is shaped
 * like a credential. The workflow hands a value over on purpose (an admin key for the user's own
 * gateway) by naming it PERF_GATE_<NAME> in the step's env: such names are allowed and masked.
 */

import { z } from 'zod'
import { ConfigError } from '../errors.js'
import { configFields } from './schema/config-fields.js'

/** The prefix the workflow uses to hand a value to the config on purpose. */
export const ALLOWED_VARIABLE_PREFIX = 'PERF_GATE_'

/** Variables of the runner, CI, clouds and tools: a config never reads them. */
export const FORBIDDEN_VARIABLE_PREFIXES = [
  'GITHUB_',
  'RUNNER_',
  'ACTIONS_',
  'INPUT_',
  'STATE_',
  'CI_',
  'AWS_',
  'AZURE_',
  'ARM_',
  'GOOGLE_',
  'GCP_',
  'GCLOUD_',
  'CLOUDSDK_',
  'NPM_',
  'NODE_AUTH',
  'YARN_',
  'GH_',
  'GIT_',
  'DOCKER_',
  'K8S_',
  'KUBE',
  'HELM_',
  'VAULT_',
  'SSH_',
  'GPG_',
  'TF_',
  'ACTIONS',
] as const

/** Words that name a credential, anywhere in a variable's name (ADMIN_KEY, DB_PASSWORD, APIKEY). */
export const CREDENTIAL_WORDS = [
  'TOKEN',
  'SECRET',
  'PASSWORD',
  'PASSWD',
  'KEY',
  'CREDENTIAL',
  'AUTH',
  'SESSION',
  'COOKIE',
  'PRIVATE',
] as const

/** `_`-separated name parts that name a credential only as a whole word (PASS, not PASSTHROUGH). */
const CREDENTIAL_PARTS = new Set(['PASS', 'PW', 'PAT', 'CERT'])

interface CredentialShape {
  what: string
  pattern: RegExp
  /** Refused even under PERF_GATE_: no gateway of the user's needs one. */
  always: boolean
}

/** Values shaped like credentials. */
const CREDENTIAL_SHAPES: CredentialShape[] = [
  { what: 'a GitHub token', pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/, always: true },
  { what: 'a GitHub token', pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/, always: true },
  { what: 'an npm token', pattern: /\bnpm_[A-Za-z0-9]{30,}/, always: true },
  { what: 'an AWS access key', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/, always: true },
  { what: 'a Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/, always: true },
  { what: 'a PEM private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/, always: true },
  // A gateway's own admin token may be a JWT: allowed under PERF_GATE_, refused elsewhere.
  { what: 'a JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./, always: false },
]

/**
 * `text` with every credential-shaped run (a GitHub token, an AWS key, a JWT, a PEM header) replaced
 * by `***`: for text perf-gate did not write, such as an admin API's answer it quotes.
 */
export function maskCredentials(text: string): string {
  let out = text
  for (const { pattern } of CREDENTIAL_SHAPES) out = out.replace(new RegExp(pattern.source, 'g'), '***')
  return out
}

/** Why the name itself may not be read, or undefined. */
function nameRefusal(name: string): string | undefined {
  const upper = name.toUpperCase()
  if (upper.startsWith(ALLOWED_VARIABLE_PREFIX)) return undefined
  const prefix = FORBIDDEN_VARIABLE_PREFIXES.find((p) => upper.startsWith(p))
  if (prefix)
    return `names starting with ${prefix} belong to the runner, CI, a cloud or a tool and may hold its credentials`
  const word =
    CREDENTIAL_WORDS.find((w) => upper.includes(w)) ??
    upper.split('_').find((part) => CREDENTIAL_PARTS.has(part))
  if (word) return `names holding ${word} are named like a credential`
  return undefined
}

/** Why a value may not be read into a config (its shape), or undefined. */
function valueRefusal(name: string, value: string): string | undefined {
  const allowedName = name.toUpperCase().startsWith(ALLOWED_VARIABLE_PREFIX)
  const shape = CREDENTIAL_SHAPES.find((s) => (s.always || !allowedName) && s.pattern.test(value))
  return shape ? `holds a value shaped like ${shape.what}` : undefined
}

/**
 * Why a value named like a secret is too short to read, or undefined. Values under REDACT_MIN_LENGTH
 * are never masked (masking "7" would replace every 7 in every message), so such a secret would be
 * printed: it is refused rather than leaked.
 */
function shortSecretRefusal(name: string, value: string): string | undefined {
  if (value.length === 0 || value.length >= REDACT_MIN_LENGTH || !SECRET_NAME.test(name)) return undefined
  return `is named like a secret but holds ${value.length} character${value.length === 1 ? '' : 's'}: perf-gate masks values of ${REDACT_MIN_LENGTH} characters or more (masking shorter ones would hide every such run of characters in its logs), so it would print this one; use a longer value, or a name without a secret's word for a value that is no secret`
}

const HOW_TO_ALLOW = `to hand a value to the config on purpose (e.g. an admin key for your own gateway), name it ${ALLOWED_VARIABLE_PREFIX}<NAME> in the step's env: such values are allowed and masked`

/**
 * Why a pull request's file may not read environment variable `name` (holding `value`, when set),
 * as a sentence starting "environment variable NAME ...", or undefined when it may. Never quotes the
 * value.
 */
export function variableRefusal(name: string, value?: string): string | undefined {
  const byName = nameRefusal(name)
  if (byName)
    return `environment variable ${name} may not be used: ${byName}, and the config is the pull request's; ${HOW_TO_ALLOW}`
  const byValue = value === undefined ? undefined : valueRefusal(name, value)
  if (byValue)
    return `environment variable ${name} ${byValue}, which a pull request's config may not read${name.toUpperCase().startsWith(ALLOWED_VARIABLE_PREFIX) ? '' : `; ${HOW_TO_ALLOW}`}`
  return undefined
}

/**
 * variableRefusal for the config's own `${NAME}`, whose values perf-gate masks: a value named like a
 * secret but too short to mask is refused too. (Compose's environment keeps such values: Compose's own
 * interpolation is not masked at any length, and blanking them would only break the stack.)
 */
export function interpolationRefusal(name: string, value?: string): string | undefined {
  const refusal = variableRefusal(name, value)
  if (refusal || value === undefined) return refusal
  const tooShort = shortSecretRefusal(name, value)
  return tooShort ? `environment variable ${name} ${tooShort}` : undefined
}

/** A value taken from the environment by `${NAME}` (not a default): never printed, maybe masked. */
export interface InterpolatedValue {
  name: string
  value: string
}

/**
 * Values shorter than this are not hidden: replacing "1" or "on" everywhere would garble messages
 * and reports, and such values are no secret anyway.
 */
export const REDACT_MIN_LENGTH = 4

let keywords: ReadonlySet<string> | undefined

/**
 * The words the config format itself offers as settings: every enum and literal value of its schema
 * (`paired`, `auto`, `duet`, `warn`, ...). Such a value is a setting, never a secret, and the journal
 * and results.json are built from the same words (a run's phase `paired`, the key `paired`): masking
 * `method: ${PERF_GATE_METHOD}` = paired as `${PERF_GATE_METHOD}` there broke the journal.
 */
export function configKeywords(): ReadonlySet<string> {
  if (keywords) return keywords
  const found = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item)
    else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (key === 'enum' && Array.isArray(item))
          for (const e of item) if (typeof e === 'string') found.add(e)
        if (key === 'const' && typeof item === 'string') found.add(item)
        walk(item)
      }
    }
  }
  walk(z.toJSONSchema(configFields, { io: 'input', unrepresentable: 'any' }))
  keywords = found
  return found
}

/**
 * Whether an interpolated value is hidden (masked in the log, `***` in messages, `${NAME}` in files):
 * 4 characters or more, and not one of the config format's own keywords.
 */
export function hidden(value: string): boolean {
  return value.length >= REDACT_MIN_LENGTH && !configKeywords().has(value)
}

/** The values to hide, longest first (so a value containing another is hidden whole). */
function hiddenValues(used: readonly InterpolatedValue[]): InterpolatedValue[] {
  const seen = new Set<string>()
  return used
    .filter((u) => hidden(u.value) && !seen.has(u.value) && seen.add(u.value))
    .sort((a, b) => b.value.length - a.value.length)
}

/** Replaces every interpolated value in a message by `***`, so errors never print what `${NAME}` held. */
export function redact(message: string, used: readonly InterpolatedValue[]): string {
  let out = message
  for (const { value } of hiddenValues(used)) out = out.split(value).join('***')
  return out
}

/**
 * A copy of `value` (a config, results) with every interpolated value in its strings put back as the
 * `${NAME}` the config wrote: the journal, results.json and baseline files keep where a value came
 * from without holding it.
 */
export function maskInterpolated<T>(value: T, used: readonly InterpolatedValue[]): T {
  const hidden = hiddenValues(used)
  if (hidden.length === 0) return value
  const mask = (item: unknown): unknown => {
    if (typeof item === 'string') {
      let out = item
      for (const { name, value: secret } of hidden) out = out.split(secret).join(`\${${name}}`)
      return out
    }
    if (Array.isArray(item)) return item.map(mask)
    if (item !== null && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [mask(k) as string, mask(v)]))
    return item
  }
  return mask(value) as T
}

const SECRET_NAME =
  /(TOKEN|SECRET|PASSW(OR)?D|PASS|API_?KEY|ACCESS_?KEY|PRIVATE|CREDENTIAL|AUTH|COOKIE|SESSION|KEY)/i

/**
 * Does an interpolated value look like a secret, by its variable's name (PERF_GATE_ADMIN_KEY) or its
 * shape (a JWT, a long random string)? Such values are registered with the runner's log masking.
 */
export function looksSecret({ name, value }: InterpolatedValue): boolean {
  if (value.length < REDACT_MIN_LENGTH) return false
  if (SECRET_NAME.test(name)) return true
  if (CREDENTIAL_SHAPES.some((shape) => shape.pattern.test(value))) return true
  // A long run of letters and digits with both cases and digits: a key, not a word or a path.
  return (
    /^[A-Za-z0-9+/=_-]{32,}$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)
  )
}

/**
 * The error with every interpolated value in its message (and a ConfigError's problems) replaced by
 * `***`, for errors raised after the config loaded (a setup call's URL or response, a k6 failure):
 * main.ts and cli.ts print them. Keeps the error's class and exit code.
 */
export function redactError(error: unknown, used: readonly InterpolatedValue[]): unknown {
  if (hiddenValues(used).length === 0 || !(error instanceof Error)) return error
  if (error instanceof ConfigError) {
    return new ConfigError(
      error.problems.map((p) => redact(p, used)),
      { paths: error.paths, locations: error.locations },
    )
  }
  error.message = redact(error.message, used)
  if (error.stack) error.stack = redact(error.stack, used)
  return error
}
