// What `${NAME}` in a config (and Compose's own `${NAME}` and `environment: [NAME]` passthrough) may
// read: a pull request controls both files, so runner, CI, cloud and tool variables and anything
// named like a credential are refused, and so are values shaped like credentials. A value the
// workflow means to hand over (an admin key for the user's own gateway) is named PERF_GATE_*.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { loadConfig, parseConfig } from '../../../src/config/load.js'
import {
  configKeywords,
  hidden,
  maskInterpolated,
  redact,
  redactError,
  variableRefusal,
} from '../../../src/config/secrets.js'
import { ConfigError, InfrastructureError } from '../../../src/errors.js'
import { maskedLogger } from '../../../src/log.js'
import { composeEnvironment } from '../../../src/stack/compose-stack.js'

const config = (image: string) => ({
  name: 'demo',
  services: { gw: { image, ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/' }],
  scenarios: [{ name: 's', script: 'constant-vus' }],
})

function problemsOf(raw: unknown, env: Record<string, string>): string {
  try {
    parseConfig(raw, 'perf-gate.yml', env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems.join('\n')
  }
  return ''
}

describe('variables a config may read', () => {
  it.each([
    'GH_TOKEN',
    'NODE_AUTH_TOKEN',
    'NPM_TOKEN',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AZURE_CLIENT_SECRET',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'GCP_SA_KEY',
    'DOCKER_PASSWORD',
    'KUBECONFIG',
    'K8S_TOKEN',
    'ADMIN_KEY',
    'DB_PASSWORD',
    'DEPLOY_SECRET',
    'SESSION_ID',
    'BASIC_AUTH',
    'SIGNING_PRIVATE',
    'API_COOKIE',
    'SERVICE_CREDENTIAL',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
  ])('refuses ${%s}, naming the path, not the value, and the PERF_GATE_ way', (name) => {
    const text = problemsOf(config(`\${${name}}`), { [name]: 'hunter2-value' })
    expect(text).toMatch(
      new RegExp(`perf-gate.yml: services.gw.image: environment variable ${name} may not be used`),
    )
    expect(text).toContain('PERF_GATE_')
    expect(text).not.toContain('hunter2-value')
  })

  it('refuses it with a default too (the default does not make reading the variable safe)', () => {
    expect(problemsOf(config('${GH_TOKEN:-x}'), {})).toMatch(/environment variable GH_TOKEN may not be used/)
  })

  it.each(['ECHO_IMAGE', 'ECHO_DELAY_US', 'TESTGW_WORK_ITERATIONS', 'GATEWAY_IMAGE', 'PERF_GATE_ADMIN_KEY'])(
    'allows ${%s}',
    (name) => {
      expect(problemsOf(config(`\${${name}}`), { [name]: 'perf-gate/nginx:pr-12' })).toBe('')
    },
  )

  it.each([
    ['a GitHub token', 'ghp_0123456789abcdefghijABCDEFGHIJ0123'],
    ['a fine-grained GitHub token', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz'],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl'],
    ['a PEM private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----'],
  ])('refuses a value shaped like %s, whatever the name', (_what, value) => {
    const text = problemsOf(config('${GATEWAY_IMAGE}'), { GATEWAY_IMAGE: value })
    expect(text).toMatch(/environment variable GATEWAY_IMAGE holds a value shaped like/)
    expect(text).not.toContain(value.slice(0, 12))
  })

  it('lets PERF_GATE_* hold a JWT (a gateway admin token) but never a GitHub or cloud credential', () => {
    expect(
      variableRefusal('PERF_GATE_ADMIN_TOKEN', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2ln'),
    ).toBe(undefined)
    expect(variableRefusal('PERF_GATE_ADMIN_TOKEN', 'ghs_0123456789abcdefghijABCDEFGHIJ0123')).toMatch(
      /shaped like a GitHub token/,
    )
    expect(variableRefusal('PERF_GATE_X', 'AKIAIOSFODNN7EXAMPLE')).toMatch(/shaped like an AWS access key/)
  })
})

describe('values too short to mask', () => {
  // Masking replaces a value everywhere it occurs: masking "7" would hide every 7 in every log line.
  // So values under 4 characters are never masked, and one named like a secret is refused instead.
  it.each(['PERF_GATE_ADMIN_KEY', 'PERF_GATE_TOKEN', 'PERF_GATE_DB_PASSWORD'])(
    'refuses ${%s} holding 1 to 3 characters, naming the variable, not the value',
    (name) => {
      for (const value of ['k', 'k9', 'k9x']) {
        const text = problemsOf(config(`gw:\${${name}}`), { [name]: value })
        expect(text).toMatch(
          new RegExp(
            `^perf-gate.yml: services.gw.image: environment variable ${name} is named like a secret but holds ${value.length} character`,
          ),
        )
        expect(text).toMatch(/masks values of 4 characters or more/)
        expect(text).not.toContain(`gw:${value}`)
      }
      expect(problemsOf(config(`gw:\${${name}}`), { [name]: 'k9x7' })).toBe('')
    },
  )

  it('allows a short value not named like a secret (a port, a count): it is not masked', () => {
    expect(problemsOf(config('gw:${PERF_GATE_VUS}'), { PERF_GATE_VUS: '50' })).toBe('')
    expect(problemsOf(config('gw:${ECHO_DELAY_US}'), { ECHO_DELAY_US: '1' })).toBe('')
  })
})

describe("Compose's own variables and environment passthrough", () => {
  const compose = (services: Record<string, unknown>) => ({ services })
  function composeProblems(doc: unknown): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-compose-env-'))
    writeFileSync(path.join(dir, 'docker-compose.yml'), stringify(doc))
    writeFileSync(
      path.join(dir, 'perf-gate.yml'),
      stringify({
        name: 'c',
        stack: { compose: 'docker-compose.yml' },
        profiles: [{ name: 'p', target: 'http://gw:80/' }],
        scenarios: [{ name: 's', script: 'constant-vus' }],
      }),
    )
    try {
      loadConfig(path.join(dir, 'perf-gate.yml'), {})
    } catch (error) {
      expect((error as ConfigError).exitCode).toBe(2)
      return (error as ConfigError).problems.join('\n')
    }
    return ''
  }

  it.each([
    [
      'a passthrough list entry',
      { image: 'gw', environment: ['GH_TOKEN'] },
      /services\.gw\.environment\[0\]: .*GH_TOKEN/,
    ],
    [
      'a passthrough mapping entry',
      { image: 'gw', environment: { NPM_TOKEN: null } },
      /services\.gw\.environment\.NPM_TOKEN: .*NPM_TOKEN/,
    ],
    [
      'an interpolated variable',
      { image: 'gw', environment: { X: '${AWS_SECRET_ACCESS_KEY}' } },
      /services\.gw\.environment\.X: .*AWS_SECRET_ACCESS_KEY/,
    ],
    ['a bare $NAME', { image: 'gw', command: 'echo $ADMIN_KEY' }, /services\.gw\.command: .*ADMIN_KEY/],
  ])('refuses %s', (_what, service, expected) => {
    expect(composeProblems(compose({ gw: service }))).toMatch(expected)
  })

  it('allows PERF_GATE_* passthrough, other variables, defaults and escaped $$', () => {
    expect(
      composeProblems(
        compose({
          gw: {
            image: 'gw',
            environment: ['PERF_GATE_ADMIN_KEY', 'ECHO_DELAY_US=${ECHO_DELAY_US:-0}'],
            command: 'sh -c "echo $$HOME"',
          },
        }),
      ),
    ).toBe('')
  })

  it("blanks refused variables in Compose's own environment", () => {
    expect(
      composeEnvironment({
        GH_TOKEN: 'a',
        ADMIN_KEY: 'b',
        AWS_SECRET_ACCESS_KEY: 'c',
        GATEWAY_IMAGE: 'ghp_0123456789abcdefghijABCDEFGHIJ0123',
        PERF_GATE_ADMIN_KEY: 'd',
        ECHO_DELAY_US: '0',
      }),
    ).toEqual({ GH_TOKEN: '', ADMIN_KEY: '', AWS_SECRET_ACCESS_KEY: '', GATEWAY_IMAGE: '' })
  })
})

describe('masking what ${NAME} held', () => {
  const used = [
    { name: 'PERF_GATE_ADMIN_KEY', value: 'adm-9f8e7d6c5b4a' },
    { name: 'ECHO_DELAY_US', value: '250' },
  ]

  it('puts ${NAME} back into results and configs, deep, keys included; leaves short values', () => {
    expect(
      maskInterpolated(
        { cells: [{ cell: 'p/adm-9f8e7d6c5b4a', n: 250 }], headers: { 'adm-9f8e7d6c5b4a': 'x 250' } },
        used,
      ),
    ).toEqual({
      cells: [{ cell: 'p/${PERF_GATE_ADMIN_KEY}', n: 250 }],
      headers: { '${PERF_GATE_ADMIN_KEY}': 'x 250' },
    })
  })

  it("leaves the config format's own keywords alone: a method of paired taken from ${NAME} keeps the journal whole", () => {
    const method = [...used, { name: 'PERF_GATE_METHOD', value: 'paired' }]
    for (const word of ['paired', 'stored', 'auto', 'duet', 'interleaved', 'warn', 'fail', 'p95', 'split'])
      expect(configKeywords().has(word), word).toBe(true)
    expect(hidden('paired')).toBe(false)
    expect(hidden('adm-9f8e7d6c5b4a')).toBe(true)
    expect(hidden('250')).toBe(false)
    expect(
      maskInterpolated({ phase: 'paired', paired: { blocks: 3 }, key: 'adm-9f8e7d6c5b4a' }, method),
    ).toEqual({ phase: 'paired', paired: { blocks: 3 }, key: '${PERF_GATE_ADMIN_KEY}' })
    expect(redact('paired block 1 answered adm-9f8e7d6c5b4a', method)).toBe('paired block 1 answered ***')
  })

  it('masks every line a logger is given', async () => {
    const lines: string[] = []
    const log = maskedLogger(
      { info: (m) => lines.push(m), warning: (m) => lines.push(m), group: (n, fn) => (lines.push(n), fn()) },
      used,
    )
    log.info('setup answered adm-9f8e7d6c5b4a')
    log.warning('retrying with adm-9f8e7d6c5b4a')
    await log.group('profile adm-9f8e7d6c5b4a', async () => undefined)
    expect(lines.join('\n')).not.toContain('adm-9f8e7d6c5b4a')
    expect(lines).toEqual(['setup answered ***', 'retrying with ***', 'profile ***'])
  })

  it('masks the message (and problems) of an error on its way out', () => {
    const infra = redactError(
      new InfrastructureError('POST http://gw/keys failed (HTTP 401: adm-9f8e7d6c5b4a)'),
      used,
    )
    expect(infra).toBeInstanceOf(InfrastructureError)
    expect((infra as Error).message).toBe('POST http://gw/keys failed (HTTP 401: ***)')
    const config = redactError(new ConfigError(['a: adm-9f8e7d6c5b4a is wrong']), used) as ConfigError
    expect(config.problems).toEqual(['a: *** is wrong'])
    expect(config.message).toBe('a: *** is wrong')
  })
})
