import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  CHECKOUT_ACTION,
  PERF_GATE_ACTION_PLACEHOLDER,
  renderNightlyWorkflow,
  renderPrWorkflow,
} from '../../../src/cli/init-workflows.js'

interface Step {
  uses?: string
  with?: Record<string, unknown>
}
interface Workflow {
  on: Record<string, unknown>
  permissions: unknown
  jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>
}

const options = { config: 'perf-gate.yml', needsMergeBase: true }
const pr = renderPrWorkflow(options)
const nightly = renderNightlyWorkflow(options)

describe.each([
  ['pull request', pr, { contents: 'read', 'pull-requests': 'write' }],
  ['nightly', nightly, { contents: 'write' }],
])('the %s workflow', (_name, text, jobPermissions) => {
  const workflow = parse(text) as Workflow
  const [job] = Object.values(workflow.jobs)

  it('grants nothing at the top and only what its job uses', () => {
    expect(workflow.permissions).toEqual({})
    expect(job?.permissions).toEqual(jobPermissions)
  })

  it('pins every action by full commit SHA with the tag in a comment, or names the placeholder', () => {
    const uses = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line))
    expect(uses).toHaveLength(2)
    for (const line of uses) {
      expect(line).toMatch(
        /uses: (?:[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+|REPLACE-ME\/perf-gate@REPLACE-ME-WITH-A-FULL-COMMIT-SHA # placeholder: .+)$/,
      )
    }
    expect(text).toContain(`${CHECKOUT_ACTION.uses} # ${CHECKOUT_ACTION.tag}`)
    expect(text).toContain(PERF_GATE_ACTION_PLACEHOLDER.uses)
  })

  it('checks out without keeping the token in .git/config', () => {
    const checkout = job?.steps.find((s) => s.uses?.startsWith('actions/checkout@'))
    expect(checkout?.with?.['persist-credentials']).toBe(false)
  })
})

describe('the pull request workflow', () => {
  it('fetches the whole history when the baseline is built from the merge base, and only then', () => {
    const checkout = (text: string) =>
      (parse(text) as Workflow).jobs.gate?.steps.find((s) => s.uses?.startsWith('actions/checkout@'))
    expect(checkout(pr)?.with?.['fetch-depth']).toBe(0)
    expect(checkout(renderPrWorkflow({ ...options, needsMergeBase: false }))?.with).not.toHaveProperty(
      'fetch-depth',
    )
  })

  it('runs on pull requests and passes the config path', () => {
    const workflow = parse(renderPrWorkflow({ config: 'ci/perf gate.yml', needsMergeBase: true })) as Workflow
    expect(Object.keys(workflow.on)).toEqual(['pull_request'])
    expect(workflow.jobs.gate?.steps[1]?.with).toEqual({ config: 'ci/perf gate.yml' })
  })
})

describe('the nightly workflow', () => {
  it('records the baseline on a schedule and on demand', () => {
    const workflow = parse(nightly) as Workflow
    expect(Object.keys(workflow.on)).toEqual(['schedule', 'workflow_dispatch'])
    expect(workflow.jobs.baseline?.steps[1]?.with).toEqual({ config: 'perf-gate.yml', mode: 'baseline' })
  })
})
