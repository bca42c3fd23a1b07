import { describe, expect, it } from 'vitest'
import { goDurationMs } from '../../../src/load/k6.js'
import { endpointValues, MAX_ENDPOINTS, wrapperSource } from '../../../src/load/wrapper.js'

describe('endpointValues', () => {
  it('finds the literal values of the tag, once each, and skips values a selector cannot hold', () => {
    const source = `
      http.get(url, { tags: { name: 'login' } })
      http.get(url, { tags: { name: "login" } })
      http.post(url, body, { tags: { name: \`cart\`, kind: 'write' } })
      http.get(url, { tags: { name: 'a:b,c' } })
      const other = { rename: 'x' }`
    expect(endpointValues(source, 'name')).toEqual(['login', 'cart'])
    expect(endpointValues(source, 'kind')).toEqual(['write'])
  })

  it('keeps at most MAX_ENDPOINTS values', () => {
    const source = Array.from({ length: 50 }, (_, i) => `{ name: 'e${i}' }`).join('\n')
    expect(endpointValues(source, 'name')).toHaveLength(MAX_ENDPOINTS)
  })
})

describe('wrapperSource', () => {
  it("imports the user's script by its absolute file URL and re-exports it", () => {
    const text = wrapperSource({
      script: '/repo/load tests/script.js',
      runDir: '/tmp/perf-gate-k6-x',
      latencyMetric: 'http_req_duration',
      endpointTag: 'name',
      endpoints: ['echo'],
    })
    expect(text).toContain('import * as user from "file:///repo/load%20tests/script.js"')
    expect(text).toContain('export * from "file:///repo/load%20tests/script.js"')
    expect(text).toContain('"endpoints":["echo"]')
  })
})

describe('goDurationMs', () => {
  it('reads the durations k6 inspect prints', () => {
    expect(goDurationMs('34s')).toBe(34_000)
    expect(goDurationMs('1m30.5s')).toBe(90_500)
    expect(goDurationMs('2h0m0s')).toBe(7_200_000)
    expect(goDurationMs('500ms')).toBe(500)
  })
})
