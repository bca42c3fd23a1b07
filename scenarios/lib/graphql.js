// GraphQL requests (seed 001): the query and variables come from the engine (GRAPHQL_QUERY,
// GRAPHQL_VARIABLES; a queryFile is read by the engine, so the script never opens host files). Every
// response is checked for an error-free `data` holding each top-level field the query asked for
// (under its alias, if it has one).
import { check } from 'k6'
import { Rate } from 'k6/metrics'
import { int, jsonValue, required, str } from './env.js'

export const QUERY = required('GRAPHQL_QUERY')
export const VARIABLES = jsonValue('GRAPHQL_VARIABLES', {})
const OPERATION_NAME = str('GRAPHQL_OPERATION_NAME', undefined)
export const EXPECT_STATUS = int('EXPECT_STATUS', 200)

/** The request body every iteration sends, built once. */
export const BODY = JSON.stringify({
  query: QUERY,
  variables: VARIABLES,
  ...(OPERATION_NAME ? { operationName: OPERATION_NAME } : {}),
})

/**
 * The response keys of the operation's top-level fields: a scan that skips strings, comments,
 * arguments and nested selections, and takes an alias (`top: products`) over the field name.
 */
export function topLevelFields(query) {
  const src = query.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/#[^\n]*/g, '')
  const open = src.indexOf('{')
  if (open < 0) throw new Error('GRAPHQL_QUERY has no selection set ({ ... })')
  const keys = []
  let depth = 0
  let parens = 0
  let i = open
  while (i < src.length) {
    const c = src[i]
    if (c === '(') parens++
    else if (c === ')') parens--
    else if (parens === 0 && c === '{') depth++
    else if (parens === 0 && c === '}') {
      depth--
      if (depth === 0) break
    } else if (parens === 0 && depth === 1 && /[_A-Za-z]/.test(c)) {
      const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i))[0]
      i += name.length
      const rest = src.slice(i)
      const alias = /^\s*:\s*([_A-Za-z][_0-9A-Za-z]*)/.exec(rest)
      if (alias) i += alias[0].length
      keys.push(name)
      continue
    }
    i++
  }
  if (keys.length === 0) throw new Error('GRAPHQL_QUERY selects no field')
  return keys
}

/** The fields every response must hold: the number of them is the query's operation count. */
export const FIELDS = topLevelFields(QUERY)

const validResponses = new Rate('valid_responses')

function parsed(res) {
  try {
    return typeof res.body === 'string' ? JSON.parse(res.body) : null
  } catch (e) {
    return null
  }
}

/** The per-request checks: status, no errors, every requested top-level field present. */
export function validateGraphql(res) {
  const body = parsed(res)
  const data = body && typeof body.data === 'object' && body.data !== null ? body.data : null
  const ok = check(res, {
    [`status is ${EXPECT_STATUS}`]: (r) => r.status === EXPECT_STATUS,
    'no GraphQL errors': () => body !== null && body.errors === undefined,
    [`data holds the ${FIELDS.length} requested field(s)`]: () =>
      data !== null && FIELDS.every((key) => data[key] !== undefined && data[key] !== null),
  })
  validResponses.add(ok)
  return ok
}
