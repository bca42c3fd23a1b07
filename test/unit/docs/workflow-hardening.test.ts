import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'

// What zizmor checks in CI (.ci/run), checked here too so a contributor sees it without zizmor:
// actions pinned to a commit with the tag beside it, no token left in .git/config, nothing granted by
// default, and a workflow_run job that only acts for pull_request runs.
const ROOT = path.join(import.meta.dirname, '../../..')
const DIRS = ['examples/workflows', '.github/workflows']

interface Job {
  if?: string
  permissions?: unknown
  steps?: { uses?: string; with?: Record<string, unknown> }[]
}
interface Workflow {
  on: Record<string, unknown>
  permissions?: unknown
  jobs: Record<string, Job>
}

const files = DIRS.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.yml'))
    .map((f) => path.join(dir, f)),
)
const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const load = (file: string) => parseYaml(text(file)) as Workflow

describe('workflows we ship or run', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThanOrEqual(6)
  })

  it.each(files)('%s pins every action to a commit, with its tag in a comment', (file) => {
    for (const line of text(file).split('\n')) {
      const m = /^\s*(?:- )?uses:\s*(\S+)(.*)$/.exec(line)
      if (!m || m[1]!.startsWith('./')) continue
      expect(m[1], line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/)
      expect(m[2], line).toMatch(/#\s*(v\d|REPLACE)/)
    }
  })

  it.each(files)('%s grants nothing at the top and leaves no token in .git/config', (file) => {
    const workflow = load(file)
    expect(workflow.permissions).toEqual({})
    for (const [name, job] of Object.entries(workflow.jobs)) {
      for (const step of job.steps ?? [])
        if (step.uses?.startsWith('actions/checkout@'))
          expect(step.with?.['persist-credentials'], `${file} ${name}`).toBe(false)
    }
  })

  it.each(files.filter((f) => 'workflow_run' in load(f).on))(
    '%s acts on workflow_run only for pull_request runs',
    (file) => {
      for (const job of Object.values(load(file).jobs))
        expect(job.if).toMatch(/github\.event\.workflow_run\.event == 'pull_request'/)
    },
  )
})

describe('workflow snippets in the docs', () => {
  const pages = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]

  it.each(pages)('%s pins every action it shows to a commit (or names the placeholder)', (page) => {
    for (const line of text(page).split('\n')) {
      const m = /^\s*(?:- )?uses:\s*(\S+)(.*)$/.exec(line)
      if (!m || m[1]!.startsWith('./')) continue
      if (m[1]!.startsWith('OWNER/perf-gate@'))
        expect(m[2], `${page}: ${line}`).toMatch(/PLACEHOLDER|REPLACE/)
      else expect(m[1], `${page}: ${line}`).toMatch(/@[0-9a-f]{40}$/)
    }
  })
})
