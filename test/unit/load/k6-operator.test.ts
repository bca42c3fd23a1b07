// The k6-operator TestRun perf-gate writes, validated against the CRD's published schema with ajv
// (test/support/k6-operator-schema.ts).
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import {
  ARCHIVE_FILE,
  resourceName,
  testRunManifest,
  testRunObjects,
  type TestRunInput,
} from '../../../src/load/k6-operator.js'
import { validateTestRun } from '../../support/k6-operator-schema.js'

const input: TestRunInput = {
  name: 'nginx-example-rate-500-1kb',
  parallelism: 4,
  archive: Uint8Array.from([1, 2, 3, 250]),
  flags: ['--throw', '--max-redirects=0'],
}

describe('the k6-operator TestRun', () => {
  it('validates against the CRD schema, with the archive in its ConfigMap', () => {
    const { testRun, configMap } = testRunObjects({ ...input, namespace: 'load' })
    expect(validateTestRun(testRun)).toEqual([])
    expect(testRun).toMatchObject({
      apiVersion: 'k6.io/v1alpha1',
      kind: 'TestRun',
      metadata: { name: 'nginx-example-rate-500-1kb', namespace: 'load' },
      spec: {
        parallelism: 4,
        script: { configMap: { name: 'nginx-example-rate-500-1kb-script', file: ARCHIVE_FILE } },
        arguments: '--throw --max-redirects=0',
      },
    })
    expect(configMap).toMatchObject({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'nginx-example-rate-500-1kb-script', namespace: 'load' },
    })
    const data = (configMap as { binaryData: Record<string, string> }).binaryData[ARCHIVE_FILE] as string
    expect([...Buffer.from(data, 'base64')]).toEqual([1, 2, 3, 250])
  })

  it('the schema check catches what the API server would refuse or drop', () => {
    const { testRun } = testRunObjects(input)
    const spec = (testRun as { spec: Record<string, unknown> }).spec
    const { parallelism, ...noParallelism } = spec
    expect(validateTestRun({ ...testRun, spec: noParallelism }).join()).toMatch(/parallelism/)
    expect(
      validateTestRun({ ...testRun, spec: { ...noParallelism, paralelism: parallelism } }).join(),
    ).toMatch(/paralelism/)
    expect(validateTestRun({ ...testRun, spec: { ...spec, parallelism: '4' } }).join()).toMatch(/integer/)
    expect(validateTestRun({ ...testRun, spec: { ...spec, cleanup: 'always' } }).join()).toMatch(
      /allowed values/,
    )
  })

  it('writes one YAML stream of the ConfigMap then the TestRun, headed by comments', () => {
    const text = testRunManifest(input, ['written by a test'])
    expect(text.startsWith('# written by a test\n')).toBe(true)
    const docs = parseAllDocuments(text).map((d) => d.toJS() as { kind: string })
    expect(docs.map((d) => d.kind)).toEqual(['ConfigMap', 'TestRun'])
    expect(validateTestRun(docs[1])).toEqual([])
    expect(docs[1]).toEqual(testRunObjects(input).testRun)
  })

  it('names resources as Kubernetes allows (DNS-1123, at most 50 characters)', () => {
    expect(resourceName('Nginx Example/rate_500 1KB')).toBe('nginx-example-rate-500-1kb')
    expect(resourceName('--')).toBe('perf-gate')
    expect(resourceName('a'.repeat(80))).toHaveLength(50)
  })
})
