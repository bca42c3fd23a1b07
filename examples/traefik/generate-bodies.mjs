#!/usr/bin/env node
// Writes the REST provider bodies of examples/traefik's 100-route profiles (setup bodyFile): Traefik's
// REST provider takes the whole dynamic configuration in one PUT, so 100 routers are one document.
//   rest-100-routes.json             routers r0..r99 (Path(`/r/{i}`)) to the echo service
//   rest-100-routes-100-users.json   the same routers, each behind one basicAuth middleware that knows
//                                    100 users consumer-{i} (password secret-{i}, stored as {SHA} hashes)
// Run from anywhere: `node examples/traefik/generate-bodies.mjs`; `--check` exits 1 when a committed
// file differs from what this script writes (a unit test runs it). Needs the repository's npm install
// (prettier formats the files as `npm run lint` checks them).
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import prettier from 'prettier'

const ROUTES = 100
const USERS = 100
const dir = import.meta.dirname

const service = { echo: { loadBalancer: { servers: [{ url: 'http://echo:8080' }] } } }

/** Traefik's {SHA} htpasswd form: base64 of the SHA-1 digest (the cheapest hash basicAuth accepts). */
const sha = (password) => `{SHA}${createHash('sha1').update(password).digest('base64')}`

function routers(middlewares) {
  return Object.fromEntries(
    Array.from({ length: ROUTES }, (_, i) => [
      `r${i}`,
      {
        entryPoints: ['web'],
        rule: `Path(\`/r/${i}\`)`,
        service: 'echo',
        ...(middlewares ? { middlewares } : {}),
      },
    ]),
  )
}

const bodies = {
  'rest-100-routes.json': { http: { routers: routers(), services: service } },
  'rest-100-routes-100-users.json': {
    http: {
      routers: routers(['auth']),
      middlewares: {
        auth: {
          basicAuth: {
            users: Array.from({ length: USERS }, (_, i) => `consumer-${i}:${sha(`secret-${i}`)}`),
            // The authenticated user goes upstream as Content-Type, which the echo backend answers
            // with: every response then shows which consumer basicAuth matched.
            headerField: 'Content-Type',
            removeHeader: true,
          },
        },
      },
      services: service,
    },
  },
}

const check = process.argv.includes('--check')
let stale = 0
for (const [name, body] of Object.entries(bodies)) {
  const file = path.join(dir, name)
  // Formatted as `prettier --check .` (npm run lint) expects.
  const options = { ...(await prettier.resolveConfig(file)), filepath: file }
  const text = await prettier.format(JSON.stringify(body), options)
  if (!check) writeFileSync(file, text)
  else if (readFileSync(file, 'utf8') !== text) {
    process.stderr.write(`${file} differs from what ${path.basename(import.meta.filename)} writes\n`)
    stale++
  }
}
process.exit(stale > 0 ? 1 : 0)
