// The k6-operator TestRun CRD's published schema (vendored from k6-operator,
// test/fixtures/k6-operator/k6.io_testruns.yaml) as a validator. Kubernetes prunes fields a
// structural schema does not declare (and kubectl's strict validation refuses them), so the schema is
// closed here: a misspelt field fails instead of silently vanishing in the cluster.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv from 'ajv'
import { parse } from 'yaml'

type Schema = Record<string, unknown>

/** The CRD's v1alpha1 openAPIV3Schema. */
export function testRunSchema(): Schema {
  const crd = parse(
    readFileSync(path.join(import.meta.dirname, '../fixtures/k6-operator/k6.io_testruns.yaml'), 'utf8'),
  ) as { spec: { versions: { name: string; schema: { openAPIV3Schema: Schema } }[] } }
  const version = crd.spec.versions.find((v) => v.name === 'v1alpha1')
  if (!version) throw new Error('the vendored CRD has no v1alpha1')
  return version.schema.openAPIV3Schema
}

/** The schema as the API server applies it: undeclared fields are not kept. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed)
  if (node === null || typeof node !== 'object') return node
  const out: Schema = {}
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'properties' ? mapValues(value, closed) : closed(value)
  if ('properties' in out && !('additionalProperties' in out) && !out['x-kubernetes-preserve-unknown-fields'])
    out.additionalProperties = false
  return out
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): Schema {
  return Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, fn(v)]))
}

let compiled: ReturnType<InstanceType<typeof Ajv>['compile']> | undefined

/** The errors of a TestRun object against the closed schema; [] when it is valid. */
export function validateTestRun(object: unknown): string[] {
  // OpenAPI formats (int32, int-or-string) and x-kubernetes-* keywords are the API server's to check.
  compiled ??= new Ajv({ allErrors: true, unknownFormats: 'ignore', nullable: true }).compile(
    closed(testRunSchema()) as object,
  )
  if (compiled(object)) return []
  return (compiled.errors ?? []).map((e) => `${e.dataPath} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
}
