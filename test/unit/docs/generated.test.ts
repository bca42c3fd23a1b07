/**
 * The generated references must match the code: perf-gate.schema.json, docs/action.md's action tables
 * and the configuration reference in docs/configuration.md are regenerated here from src/config/schema.ts and action.yml and compared with what is committed.
 * A failure here means: run `npm run schema` and commit the result.
 */
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import {
  buildJsonSchema,
  caseInsensitivePattern,
  ACTION_DOC,
  CONFIG_DOC,
  generate,
  renderConfigReference,
  replaceBetweenMarkers,
  SCHEMA_FILE,
  type JsonSchemaNode,
} from '../../../scripts/gen-schema.js'
import { Inputs } from '../../../src/config/inputs.js'
import { configSchema } from '../../../src/config/schema.js'
import { OUTPUTS } from '../../../src/github/outputs.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

describe('generated references', () => {
  it('perf-gate.schema.json, docs/action.md and docs/configuration.md match the schema and action.yml', async () => {
    const generated = await generate({
      schema: configSchema,
      actionDoc: read(ACTION_DOC),
      configDoc: read(CONFIG_DOC),
      actionYml: read('action.yml'),
    })
    // toBe on whole files gives a readable diff of the stale part.
    expect(read(SCHEMA_FILE), 'perf-gate.schema.json is stale: run `npm run schema`').toBe(
      generated.schemaJson,
    )
    expect(read(ACTION_DOC), `${ACTION_DOC} is stale: run \`npm run schema\``).toBe(generated.actionDoc)
    expect(read(CONFIG_DOC), `${CONFIG_DOC} is stale: run \`npm run schema\``).toBe(generated.configDoc)
  })

  it('`npm run schema -- --check` passes on the committed files (the script itself runs)', async () => {
    const run = promisify(execFile)
    const { stdout } = await run(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', 'scripts/gen-schema.ts', '--check'],
      { cwd: ROOT },
    )
    expect(stdout).toContain('up to date')
  })

  it('notices a stale reference: a new described key changes docs/configuration.md and the schema', async () => {
    const changed = configSchema.safeExtend({
      extra: z.string().optional().describe('A key added after the docs were generated.'),
    })
    const generated = await generate({
      schema: changed,
      actionDoc: read(ACTION_DOC),
      configDoc: read(CONFIG_DOC),
      actionYml: read('action.yml'),
    })
    expect(generated.configDoc).not.toBe(read(CONFIG_DOC))
    expect(generated.configDoc).toContain('A key added after the docs were generated.')
    // The config reference lives in its own page: the action tables do not change with it.
    expect(generated.actionDoc).toBe(read(ACTION_DOC))
    expect(generated.schemaJson).not.toBe(read(SCHEMA_FILE))
  })

  it('notices a stale action table: a new input changes docs/action.md', async () => {
    const actionYml = read('action.yml').replace(
      /^inputs:\n/m,
      'inputs:\n  new-input:\n    description: An input added after the docs were generated.\n    required: false\n',
    )
    const generated = await generate({
      schema: configSchema,
      actionDoc: read(ACTION_DOC),
      configDoc: read(CONFIG_DOC),
      actionYml,
    })
    expect(generated.actionDoc).toContain('An input added after the docs were generated.')
  })

  it('documents every key of every section', () => {
    const markdown = renderConfigReference(buildJsonSchema(configSchema))
    for (const key of [
      'threshold',
      'onInconclusive',
      'timeBudget',
      'echoesPayload',
      'dependsOn',
      'payloadBytes',
    ])
      expect(markdown).toContain(key)
    for (const heading of [
      'services.<name>',
      'profiles[]',
      'scenarios[]',
      'gate',
      'baseline',
      'baselineVariant',
    ])
      expect(markdown).toContain(`### \`${heading}\``)
  })
})

describe('JSON Schema details', () => {
  const json = buildJsonSchema(configSchema)

  it('accepts the same names as zod, upper case included (JSON Schema patterns have no /i flag)', () => {
    const pattern = new RegExp((json.properties?.name as JsonSchemaNode).pattern as string)
    expect(configSchema.shape.name.safeParse('Nginx-Example').success).toBe(true)
    expect(pattern.test('Nginx-Example')).toBe(true)
    expect(pattern.test('-nope')).toBe(false)
  })

  it('makes keys with defaults optional (input side)', () => {
    // `services` or `stack.compose`: which one is checked by perf-gate (exit 2), not by the schema.
    expect(json.required).toEqual(['name', 'profiles', 'scenarios'])
  })

  it('widens character-class ranges and refuses what it cannot widen', () => {
    expect(caseInsensitivePattern('^[a-z0-9][a-z0-9_.-]*$')).toBe('^[a-zA-Z0-9][a-zA-Z0-9_.-]*$')
    expect(caseInsensitivePattern('^\\d+$')).toBe('^\\d+$')
    expect(() => caseInsensitivePattern('^abc$')).toThrow(/case-insensitive/)
  })
})

describe('replaceBetweenMarkers', () => {
  it('replaces only between the markers', () => {
    const text = 'a\n<!-- x:start -->\nold\n<!-- x:end -->\nb\n'
    expect(replaceBetweenMarkers(text, 'x', 'new')).toBe('a\n<!-- x:start -->\n\nnew\n\n<!-- x:end -->\nb\n')
  })

  it('refuses a README without the markers rather than writing nothing', () => {
    expect(() => replaceBetweenMarkers('no markers', 'x', 'new')).toThrow(/README\.md needs .*x:start/)
  })

  it('names the file that lacks the markers', () => {
    expect(() => replaceBetweenMarkers('no markers', 'x', 'new', CONFIG_DOC)).toThrow(
      /docs\/configuration\.md needs/,
    )
  })
})

describe('action.yml', () => {
  const action = parseYaml(read('action.yml')) as {
    inputs: Record<string, unknown>
    outputs: Record<string, unknown>
    runs: { using: string; main: string }
  }

  it('declares exactly the inputs src/config/inputs.ts reads and the outputs src/github/outputs.ts sets', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Inputs).sort())
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(OUTPUTS).sort())
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })
})

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
}
interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string>
  jobs: Record<string, { steps: Step[]; permissions?: Record<string, string> }>
}

describe('example workflows', () => {
  const dir = 'examples/workflows'
  const load = (name: string) => parseYaml(read(path.join(dir, name))) as Workflow
  const steps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps)
  const perfGateSteps = (workflow: Workflow) =>
    steps(workflow).filter((step) => step.uses?.startsWith('OWNER/perf-gate@'))

  it('parse as YAML and each runs the action', () => {
    const files = readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.yml'))
    expect(files.sort()).toEqual([
      'perf-gate-fork-comment.yml',
      'perf-gate-fork-measure.yml',
      'perf-gate-nightly.yml',
      'perf-gate-pr.yml',
      'sharded.yml',
    ])
    for (const file of files)
      expect(perfGateSteps(load(file)), file).toHaveLength(file === 'sharded.yml' ? 2 : 1)
  })

  it('sharded: a matrix of shares uploads partials, one merge job joins them and comments', () => {
    const sharded = load('sharded.yml')
    const jobs = sharded.jobs as Record<string, Workflow['jobs'][string] & Record<string, unknown>>
    const matrix = (jobs.shard?.strategy as { matrix: { index: number[] } }).matrix.index
    const [shard, merge] = perfGateSteps(sharded)
    // The shard input names the matrix size, so index and N cannot drift apart silently.
    expect(shard?.with?.shard).toBe(`\${{ matrix.index }}/${matrix.length}`)
    expect(jobs.shard?.permissions).toEqual({ contents: 'read' })
    const upload = jobs.shard?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with?.path).toBe(shard?.with?.['out-dir'])
    expect(jobs.merge?.needs).toBe('shard')
    expect(jobs.merge?.steps.some((step) => step.uses?.startsWith('actions/checkout@'))).toBe(false)
    const download = jobs.merge?.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'))
    expect(download?.with?.pattern).toBe('perf-gate-shard-*')
    expect(merge?.with).toEqual({ mode: 'merge', results: download?.with?.path })
  })

  it('use only inputs that action.yml declares', () => {
    const declared = Object.keys((parseYaml(read('action.yml')) as { inputs: object }).inputs)
    for (const file of readdirSync(path.join(ROOT, dir))) {
      for (const step of perfGateSteps(load(file)))
        for (const input of Object.keys(step.with ?? {}))
          expect(declared, `${file}: ${input}`).toContain(input)
    }
  })

  it('nightly: schedule + workflow_dispatch in baseline mode', () => {
    const nightly = load('perf-gate-nightly.yml')
    expect(Object.keys(nightly.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    expect(perfGateSteps(nightly)[0]?.with?.mode).toBe('baseline')
  })

  it('fork measure: read-only, no comment, uploads the results even when the gate failed', () => {
    const measure = load('perf-gate-fork-measure.yml')
    expect(measure.permissions).toEqual({})
    expect(measure.jobs.measure?.permissions).toEqual({ contents: 'read' })
    expect(perfGateSteps(measure)[0]?.with?.comment).toBe(false)
    const upload = steps(measure).find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with?.path).toBe('perf-gate-results')
    expect((upload as { if?: string }).if).toContain('cancelled()')
  })

  it('fork comment: workflow_run of the measure workflow, publish mode, never checks out code', () => {
    const comment = load('perf-gate-fork-comment.yml')
    const measureName = (load('perf-gate-fork-measure.yml') as unknown as { name: string }).name
    expect(comment.on.workflow_run).toEqual({ workflows: [measureName], types: ['completed'] })
    expect(comment.permissions).toEqual({})
    expect(comment.jobs.comment?.permissions).toEqual({
      'pull-requests': 'write',
      contents: 'write',
      actions: 'read',
    })
    expect(steps(comment).some((step) => step.uses?.startsWith('actions/checkout@'))).toBe(false)
    expect(steps(comment).some((step) => step.run !== undefined)).toBe(false)
    const download = steps(comment).find((step) => step.uses?.startsWith('actions/download-artifact@'))
    expect(download?.with).toMatchObject({
      'run-id': '${{ github.event.workflow_run.id }}',
      'github-token': '${{ github.token }}',
    })
    expect(perfGateSteps(comment)[0]?.with).toEqual({ mode: 'publish', results: download?.with?.path })
  })
})

describe('README', () => {
  const readme = read('README.md')
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }

  it('gives the two set-up commands, and both npm scripts exist', () => {
    expect(readme).toContain('bash scripts/setup.sh && npm run gate:example')
    expect(readme).toContain('bash scripts/setup.sh && npm test')
    expect(pkg.scripts['gate:example']).toContain('--out perf-gate-results')
    expect(pkg.scripts.schema).toBeDefined()
  })

  it('matches .ci/run, which runs exactly `npm test` after the set-up', () => {
    const ci = read('.ci/run')
    expect(ci).toContain('bash scripts/setup.sh')
    // `npm test`, in a session of its own and without stdin (see .ci/run), and nothing else.
    const commands = ci
      .split('\n')
      .filter((line) => !/^\s*#/.test(line) && /\bnpm (test|run test)\b/.test(line))
    expect(commands).toEqual(['setsid --wait npm test </dev/null'])
  })

  it('links the accuracy page, which keeps its heading and the operating-curve markers', () => {
    expect(readme).toContain('](docs/accuracy.md)')
    const accuracy = read('docs/accuracy.md')
    expect(accuracy).toContain('# How accurate is the gate?')
    expect(accuracy).toContain('<!-- oc-table:start -->')
    expect(accuracy).toContain('<!-- oc-table:end -->')
  })

  it('keeps the generated references out of the README and links them', () => {
    expect(readme).not.toContain('<!-- config-reference:start -->')
    expect(readme).not.toContain('<!-- action-io:start -->')
    expect(read(CONFIG_DOC)).toContain('<!-- config-reference:start -->')
    expect(read(ACTION_DOC)).toContain('<!-- action-io:start -->')
    expect(readme).toContain('](docs/action.md)')
    expect(readme).toContain('](docs/configuration.md)')
  })
})
