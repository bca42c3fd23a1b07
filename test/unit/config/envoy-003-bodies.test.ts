// examples/envoy-003's 100-route and 100-consumer setup bodies are generated (generate-bodies.mjs): a
// hand edit of one of them, or of the generator without re-running it, would measure something the
// docs do not say.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DIR = path.resolve(import.meta.dirname, '../../../examples/envoy-003')

interface Route {
  path: string
  upstream: string
  filters?: { type: string; consumers?: boolean; forward?: string }[]
}

const read = <T>(name: string) => JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as T

describe('examples/envoy-003 setup bodies', () => {
  it('are what generate-bodies.mjs writes', () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(DIR, 'generate-bodies.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow()
  })

  it('hold 100 routes, and 100 consumers whose last one the example authenticates as', () => {
    const plain = read<Record<string, Route>>('routes-100.json')
    expect(Object.keys(plain)).toHaveLength(100)
    expect(plain.r99).toEqual({ path: '/r/99', upstream: 'echo:8080' })
    const auth = read<Record<string, Route>>('routes-100-key-auth.json')
    expect(Object.keys(auth)).toHaveLength(100)
    expect(
      Object.values(auth).every(
        (r) => r.filters?.length === 1 && r.filters[0]?.type === 'api-key-auth' && r.filters[0].consumers,
      ),
    ).toBe(true)
    const consumers = read<Record<string, string>>('consumers-100.json')
    expect(Object.keys(consumers)).toHaveLength(100)
    // key-99, the key key-auth-100r100c sends.
    expect(consumers['consumer-99']).toBe('key-99')
  })
})
