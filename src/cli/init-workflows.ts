/**
 * The workflows `perf-gate init --workflows` writes beside the config: the pull-request gate and the
 * nightly baseline. Pure text. Least privilege: `permissions: {}` at the top and each job asks only
 * for what it uses; actions are pinned by full commit SHA with the tag in a comment; checkouts do not
 * keep the token in .git/config (`persist-credentials: false`).
 */

/** actions/checkout, pinned: v7.0.1 (read from the action's repository tags). */
export const CHECKOUT_ACTION = {
  uses: 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
  tag: 'v7.0.1',
} as const

/**
 * perf-gate itself. No release exists yet, so this is a placeholder the user must replace with the
 * repository and the full commit SHA they reviewed; a workflow that still has it fails to resolve
 * the action, loudly, rather than running something unpinned.
 */
export const PERF_GATE_ACTION_PLACEHOLDER = {
  uses: 'REPLACE-ME/perf-gate@REPLACE-ME-WITH-A-FULL-COMMIT-SHA',
  comment: 'placeholder: perf-gate has no release yet; pin the owner/perf-gate commit you reviewed',
} as const

export interface WorkflowOptions {
  /** The config file, relative to the repository root. */
  config: string
  /** The gate builds a baseline from the merge base: the checkout needs the full history. */
  needsMergeBase: boolean
}

function quote(value: string): string {
  return /^[\w./-]+$/.test(value) ? value : JSON.stringify(value)
}

/** .github/workflows/perf-gate.yml: the gate on every pull request. */
export function renderPrWorkflow(options: WorkflowOptions): string {
  return [
    '# perf-gate on every pull request (written by `perf-gate init`).',
    options.needsMergeBase
      ? '# Builds the gateway of the pull request and, on the same runner, the one of its merge base,\n# compares their P95 latency in paired blocks, posts one sticky comment and fails the job on a regression.'
      : '# Measures the gateway of the pull request, compares its P95 latency with the baseline the config\n# names, posts one sticky comment and fails the job on a regression.',
    '# Make the `gate` job a required check.',
    `# Before the first run: replace the perf-gate \`uses:\` line (${PERF_GATE_ACTION_PLACEHOLDER.comment}).`,
    'name: perf-gate',
    'on:',
    '  pull_request:',
    '# Nothing by default; each job asks for what it uses.',
    'permissions: {}',
    'concurrency:',
    '  group: perf-gate-${{ github.event.pull_request.number }}',
    '  cancel-in-progress: true',
    'jobs:',
    '  gate:',
    '    runs-on: ubuntu-latest',
    '    timeout-minutes: 30',
    '    permissions:',
    '      contents: read # check out the code; read the baseline from the perf-gate-data branch',
    '      pull-requests: write # the sticky comment (without it the report is in the job summary only)',
    '    steps:',
    `      - uses: ${CHECKOUT_ACTION.uses} # ${CHECKOUT_ACTION.tag}`,
    '        with:',
    ...(options.needsMergeBase
      ? [
          '          # The merge base must be in the clone: the gate builds the baseline gateway from it.',
          '          fetch-depth: 0',
        ]
      : []),
    '          persist-credentials: false',
    '      - name: perf-gate',
    '        id: perf',
    `        uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses} # ${PERF_GATE_ACTION_PLACEHOLDER.comment}`,
    '        with:',
    `          config: ${quote(options.config)}`,
    '',
  ].join('\n')
}

/** .github/workflows/perf-gate-nightly.yml: the baseline of the default branch, every night. */
export function renderNightlyWorkflow(options: WorkflowOptions): string {
  return [
    '# The nightly baseline (written by `perf-gate init`): measures the default branch and appends the',
    "# night's runs to the baseline file on the perf-gate-data branch (through the Git Data API; nothing is",
    '# pushed to the default branch). Pull requests compare with it first when their runner matches.',
    `# Before the first run: replace the perf-gate \`uses:\` line (${PERF_GATE_ACTION_PLACEHOLDER.comment}).`,
    'name: perf-gate nightly baseline',
    'on:',
    '  schedule:',
    "    - cron: '23 2 * * *'",
    '  workflow_dispatch:',
    '# Nothing by default; each job asks for what it uses.',
    'permissions: {}',
    'concurrency:',
    '  group: perf-gate-nightly',
    '  cancel-in-progress: false',
    'jobs:',
    '  baseline:',
    '    runs-on: ubuntu-latest',
    '    timeout-minutes: 45',
    '    permissions:',
    '      contents: write # commit the baseline file to the perf-gate-data branch',
    '    steps:',
    `      - uses: ${CHECKOUT_ACTION.uses} # ${CHECKOUT_ACTION.tag}`,
    '        with:',
    '          persist-credentials: false',
    '      - name: perf-gate (baseline mode)',
    `        uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses} # ${PERF_GATE_ACTION_PLACEHOLDER.comment}`,
    '        with:',
    `          config: ${quote(options.config)}`,
    '          mode: baseline',
    '',
  ].join('\n')
}
