import { afterEach, describe, expect, it, vi } from 'vitest'
import { getInputs } from '../../../src/config/inputs.js'
import { ConfigError } from '../../../src/errors.js'

// The real core.getInput reads INPUT_* variables, as on a runner.
describe('getInputs: baseline-branch', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('defaults to perf-gate-data, takes another branch, and turns off with "none"', () => {
    expect(getInputs().baselineBranch).toBe('perf-gate-data')
    vi.stubEnv('INPUT_BASELINE-BRANCH', 'perf/baselines')
    expect(getInputs().baselineBranch).toBe('perf/baselines')
    vi.stubEnv('INPUT_BASELINE-BRANCH', 'none')
    expect(getInputs().baselineBranch).toBeUndefined()
  })

  it.each(['a..b', '/data', 'data/', 'data.lock', 'da ta', 'x@{1}'])(
    'refuses "%s", naming the input',
    (name) => {
      vi.stubEnv('INPUT_BASELINE-BRANCH', name)
      expect(() => getInputs()).toThrow(ConfigError)
      expect(() => getInputs()).toThrow(`input "baseline-branch": expected a branch name, got "${name}"`)
    },
  )
})

describe('getInputs: pages-branch and pages-path', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('is off by default; takes a branch, and index.html unless pages-path names another page', () => {
    expect(getInputs()).toMatchObject({ pagesBranch: undefined, pagesPath: 'index.html' })
    vi.stubEnv('INPUT_PAGES-BRANCH', 'gh-pages')
    vi.stubEnv('INPUT_PAGES-PATH', 'perf/nightly.html')
    expect(getInputs()).toMatchObject({ pagesBranch: 'gh-pages', pagesPath: 'perf/nightly.html' })
  })

  it.each([
    ['INPUT_PAGES-BRANCH', 'a..b', 'input "pages-branch": expected a branch name, got "a..b"'],
    ['INPUT_PAGES-PATH', '../index.html', 'input "pages-path": expected a relative path of an .html file'],
    ['INPUT_PAGES-PATH', '/index.html', 'input "pages-path": expected a relative path of an .html file'],
    [
      'INPUT_PAGES-PATH',
      'perf/./index.html',
      'input "pages-path": expected a relative path of an .html file',
    ],
    ['INPUT_PAGES-PATH', 'trend.json', 'input "pages-path": expected a relative path of an .html file'],
  ])('refuses %s=%s, naming the input', (name, value, message) => {
    vi.stubEnv(name, value)
    expect(() => getInputs()).toThrow(ConfigError)
    expect(() => getInputs()).toThrow(message)
  })
})

describe('getInputs: k6-flags and k6-version', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('leaves the config alone when unset, and takes flags split on spaces and lines', () => {
    expect(getInputs().k6Flags).toBeUndefined()
    expect(getInputs().k6Version).toBeUndefined()
    vi.stubEnv('INPUT_K6-FLAGS', '--throw\n--rps=500 --tag=ci=pr')
    vi.stubEnv('INPUT_K6-VERSION', 'v1.7.0')
    expect(getInputs()).toMatchObject({
      k6Flags: ['--throw', '--rps=500', '--tag=ci=pr'],
      k6Version: '1.7.0',
    })
  })

  it('refuses an unsafe flag and a malformed version, naming the inputs (exit 2)', () => {
    vi.stubEnv('INPUT_K6-FLAGS', '--include-system-env-vars')
    vi.stubEnv('INPUT_K6-VERSION', 'latest')
    const error = (() => {
      try {
        getInputs()
      } catch (e) {
        return e as ConfigError
      }
      throw new Error('expected a ConfigError')
    })()
    expect(error.exitCode).toBe(2)
    expect(error.problems).toEqual([
      expect.stringMatching(
        /^input "k6-flags": "--include-system-env-vars" is not allowed: it would hand the runner's environment/,
      ),
      'input "k6-version": expected a k6 release such as "1.8.1", got "latest"',
    ])
  })

  it('takes a quoted value with spaces as one flag, and refuses shell syntax naming the input', () => {
    vi.stubEnv('INPUT_K6-FLAGS', `--user-agent="perf gate (ci)"\n--throw`)
    expect(getInputs().k6Flags).toEqual(['--user-agent=perf gate (ci)', '--throw'])
    vi.stubEnv('INPUT_K6-FLAGS', '--throw $(cat /etc/passwd)')
    expect(() => getInputs()).toThrow(
      /^input "k6-flags": "\$" at character 9 would be a substitution in a shell; perf-gate runs no shell/,
    )
  })
})

describe('getInputs: options that widen the trust boundary come from the workflow', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('defaults to the narrow rules', () => {
    expect(getInputs()).toMatchObject({
      allowPathsOutsideRepo: false,
      allowedHosts: [],
      allowPrivilegedEvents: false,
    })
  })

  it('reads allow-paths-outside-repo, allowed-hosts and allow-privileged-events', () => {
    vi.stubEnv('INPUT_ALLOW-PATHS-OUTSIDE-REPO', 'true')
    vi.stubEnv('INPUT_ALLOWED-HOSTS', 'gw.internal.example, 10.0.0.7\nAdmin.Example')
    vi.stubEnv('INPUT_ALLOW-PRIVILEGED-EVENTS', 'true')
    expect(getInputs()).toMatchObject({
      allowPathsOutsideRepo: true,
      allowedHosts: ['gw.internal.example', '10.0.0.7', 'admin.example'],
      allowPrivilegedEvents: true,
    })
  })

  it('refuses a non-boolean and a host with a scheme or path, naming the inputs', () => {
    vi.stubEnv('INPUT_ALLOW-PATHS-OUTSIDE-REPO', 'yes please')
    vi.stubEnv('INPUT_ALLOWED-HOSTS', 'http://169.254.169.254/latest')
    vi.stubEnv('INPUT_ALLOW-PRIVILEGED-EVENTS', '1')
    const problems = (() => {
      try {
        getInputs()
      } catch (error) {
        return (error as ConfigError).problems.join('\n')
      }
      return ''
    })()
    expect(problems).toMatch(/input "allow-paths-outside-repo": expected true or false/)
    expect(problems).toMatch(/input "allowed-hosts": expected host names or IP addresses/)
    expect(problems).toMatch(/input "allow-privileged-events": expected true or false/)
  })
})

describe('getInputs: shard and merge mode', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('takes "i/N" in gate mode, and nothing when unset', () => {
    expect(getInputs().shard).toBeUndefined()
    vi.stubEnv('INPUT_SHARD', '2/3')
    expect(getInputs().shard).toEqual({ index: 2, count: 3 })
  })

  it.each(['0/3', '4/3', 'two', '1/65'])('refuses shard "%s", naming the input', (text) => {
    vi.stubEnv('INPUT_SHARD', text)
    expect(() => getInputs()).toThrow(
      `input "shard": expected "i/N" with 1 <= i <= N <= 64, e.g. 2/3, got "${text}"`,
    )
  })

  it('refuses a shard outside gate mode, and merge mode without results', () => {
    vi.stubEnv('INPUT_SHARD', '1/2')
    vi.stubEnv('INPUT_MODE', 'baseline')
    expect(() => getInputs()).toThrow('input "shard": only mode "gate" is sharded, got mode "baseline"')
    vi.stubEnv('INPUT_SHARD', '')
    vi.stubEnv('INPUT_MODE', 'merge')
    expect(() => getInputs()).toThrow('input "results": required when mode is "merge"')
    vi.stubEnv('INPUT_RESULTS', 'partials')
    expect(getInputs()).toMatchObject({ mode: 'merge', results: 'partials' })
  })
})
