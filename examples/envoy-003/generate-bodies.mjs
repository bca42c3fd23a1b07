#!/usr/bin/env node
// Writes the setup bodies of examples/envoy-003's 100-route and 100-consumer profiles (setup bodyFile):
// the management plane's bulk forms, `PUT /routes` (every route at once) and `PUT /consumers` (every
// consumer at once), so 100 routes or 100 consumers are one call and one xDS snapshot.
//   routes-100.json            routes r0..r99 (exact path /r/{i}) to echo:8080, no filter
//   routes-100-key-auth.json   the same routes, each enabling the shared consumers' api_key_auth
//                              filter, which forwards the matched consumer upstream as Content-Type
//   consumers-100.json         consumers consumer-0..consumer-99 with the keys key-0..key-99
// Run from anywhere: `node examples/envoy-003/generate-bodies.mjs`; `--check` exits 1 when a committed
// file differs from what this script writes (a unit test runs it). Needs the repository's npm install
// (prettier formats the files as `npm run lint` checks them).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import prettier from 'prettier'

const ROUTES = 100
const CONSUMERS = 100
const dir = import.meta.dirname

function routes(filters) {
  return Object.fromEntries(
    Array.from({ length: ROUTES }, (_, i) => [
      `r${i}`,
      { path: `/r/${i}`, upstream: 'echo:8080', ...(filters ? { filters } : {}) },
    ]),
  )
}

const bodies = {
  'routes-100.json': routes(),
  // The echo backend answers with the request's Content-Type: every response shows the consumer.
  'routes-100-key-auth.json': routes([{ type: 'api-key-auth', consumers: true, forward: 'Content-Type' }]),
  'consumers-100.json': Object.fromEntries(
    Array.from({ length: CONSUMERS }, (_, i) => [`consumer-${i}`, `key-${i}`]),
  ),
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
