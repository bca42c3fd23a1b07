// examples/traefik's 100-router REST bodies are generated (generate-bodies.mjs): a hand edit of one
// of them, or of the generator without re-running it, would measure something the docs do not say.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DIR = path.resolve(import.meta.dirname, '../../../examples/traefik')

interface RestBody {
  http: {
    routers: Record<string, { rule: string; middlewares?: string[] }>
    middlewares?: { auth?: { basicAuth: { users: string[]; headerField: string } } }
  }
}

const read = (name: string) => JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as RestBody

describe('examples/traefik REST bodies', () => {
  it('are what generate-bodies.mjs writes', () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(DIR, 'generate-bodies.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow()
  })

  it('hold 100 routers, and 100 users whose last one the example authenticates as', () => {
    const routes = read('rest-100-routes.json').http
    expect(Object.keys(routes.routers)).toHaveLength(100)
    expect(routes.routers.r99?.rule).toBe('Path(`/r/99`)')
    expect(routes.middlewares).toBeUndefined()
    const users = read('rest-100-routes-100-users.json').http
    expect(Object.values(users.routers).every((r) => r.middlewares?.join() === 'auth')).toBe(true)
    const auth = users.middlewares?.auth?.basicAuth
    expect(auth?.users).toHaveLength(100)
    // consumer-99:secret-99, the credentials basic-auth-100r100c sends.
    expect(auth?.users[99]).toBe('consumer-99:{SHA}qSnFHNH949ZFC4Gy3Zs5WLp/pDg=')
    expect(auth?.headerField).toBe('Content-Type')
  })
})
