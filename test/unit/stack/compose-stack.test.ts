// The pieces of a compose stack that need no Docker: its project name, the override file that
// labels every service and applies the baseline variant, and the environment Compose runs with.
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { serviceOfTarget } from '../../../src/gate/measure.js'
import {
  composeEnvironment,
  composeProjectName,
  composeUrlResolver,
  overrideDocument,
} from '../../../src/stack/compose-stack.js'

describe('compose stack', () => {
  it('names projects per run, variant and instance in the characters Compose v1 and v2 accept', () => {
    expect(composeProjectName('Run.42', 'baseline', 'b3')).toBe('perf-gate-run-42-baseline-b3')
    expect(composeProjectName('r1', 'candidate', undefined)).toBe('perf-gate-r1-candidate')
  })

  it('labels every service and applies the variant, repeating the file version for Compose v1', () => {
    const text = "version: '3.8'\nservices:\n  echo: { image: e }\n  gateway: { image: g }\n"
    const doc = parse(
      overrideDocument(
        text,
        { 'dev.perf-gate.run': 'r1' },
        { services: { echo: { image: 'e:main', env: { DELAY: '0' } } } },
      ),
    )
    expect(doc).toEqual({
      version: '3.8',
      services: {
        echo: {
          labels: { 'dev.perf-gate.run': 'r1', 'dev.perf-gate.service': 'echo' },
          image: 'e:main',
          environment: { DELAY: '0' },
        },
        gateway: { labels: { 'dev.perf-gate.run': 'r1', 'dev.perf-gate.service': 'gateway' } },
      },
    })
    expect(parse(overrideDocument('services: { a: { image: x } }', {}, undefined))).not.toHaveProperty(
      'version',
    )
  })

  it('resolves service names and their network aliases to the service’s address', () => {
    const address = (host: string) => ({ address: (port: number) => ({ host, port }) })
    const resolve = composeUrlResolver(new Map([['gateway', address('172.18.0.3')]]), {
      api: 'gateway',
      'debug-api': 'debug',
    })
    expect(resolve('http://gateway:8080/echo')).toBe('http://172.18.0.3:8080/echo')
    expect(resolve('http://API:8080/echo?x=1')).toBe('http://172.18.0.3:8080/echo?x=1')
    // An alias of a service that did not start, and any other host, stay as they are.
    expect(resolve('http://debug-api:8080/')).toBe('http://debug-api:8080/')
    expect(resolve('http://10.0.0.7:8080/')).toBe('http://10.0.0.7:8080/')
    expect(resolve('http://constructor:8080/')).toBe('http://constructor:8080/')
  })

  it('counts CPU per request on the service a network alias names', () => {
    const running = (host: string) => ({ address: (port: number) => ({ host, port }) })
    const services = new Map([
      ['gateway', running('172.18.0.3')],
      ['echo', running('172.18.0.2')],
    ])
    const stack = { services, resolveUrl: composeUrlResolver(services, { api: 'gateway' }) }
    expect(serviceOfTarget(stack, 'http://api:8080/echo')).toBe('gateway')
    expect(serviceOfTarget(stack, 'http://echo:8080/echo')).toBe('echo')
    expect(serviceOfTarget(stack, 'http://10.0.0.7:8080/')).toBe('10.0.0.7')
  })

  it('labels the services a merge key brings, as Compose (and the allowlist) read them', () => {
    const text = 'x-s: &s\n  extra: { image: x }\nservices:\n  <<: *s\n  echo: { image: e }\n'
    expect(Object.keys(parse(overrideDocument(text, {}, undefined)).services)).toEqual(['extra', 'echo'])
  })

  it("blanks the runner's and GitHub's variables, which the untrusted file could interpolate", () => {
    expect(
      composeEnvironment({
        GITHUB_TOKEN: 'ghs_x',
        INPUT_GITHUB_TOKEN: 'y',
        ACTIONS_RUNTIME_TOKEN: 'z',
        PATH: '/bin',
      }),
    ).toEqual({ GITHUB_TOKEN: '', INPUT_GITHUB_TOKEN: '', ACTIONS_RUNTIME_TOKEN: '' })
  })
})
