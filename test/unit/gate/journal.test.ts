import { appendFile, mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { Journal, JOURNAL_FILE, readJournal } from '../../../src/gate/journal.js'
import { resultsFromJournal } from '../../../src/gate/journal-report.js'
import { run } from '../stats/run-fixture.js'

const config = parseConfig(
  {
    name: 'j',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'api', target: 'http://gw:80/' }],
    scenarios: [{ name: 'steady', script: 'constant-vus' }],
  },
  'perf-gate.yml',
  {},
)

describe('Journal', () => {
  it('keeps every finished run on disk as it completes, and reads them back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const journal = await Journal.start(dir, {
      name: 'j',
      mode: 'gate',
      startedAt: '2026-01-01T00:00:00Z',
      baselinePath: null,
      config,
    })
    await journal.append(run({ p95: 2, round: 1 }))
    // Readable after each append, before the gate ends: nothing is held in memory only.
    expect((await readJournal(journal.file)).runs).toHaveLength(1)
    await journal.append({ ...run({ p95: 3, round: 1, variant: 'baseline' }), block: 0, phase: 'paired' })
    const { header, runs, torn } = await readJournal(path.join(dir, JOURNAL_FILE))
    expect(header.name).toBe('j')
    expect(runs.map((r) => r.metrics.p95)).toEqual([2, 3])
    expect(runs[1]?.block).toBe(0)
    expect(torn).toBe(0)
  })

  it('keeps gate events between the runs, and reads them back apart from the runs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const journal = await Journal.start(dir, {
      name: 'j',
      mode: 'gate',
      startedAt: '2026-01-01T00:00:00Z',
      baselinePath: null,
      config,
    })
    await journal.event({ event: 'stacks', block: 0, session: 0, order: ['candidate', 'baseline'] })
    await journal.append({
      ...run({ p95: 9, round: 0 }),
      block: 0,
      phase: 'paired',
      warmup: true,
      warmupWindow: 0,
    })
    await journal.event({
      event: 'warm-up',
      block: 0,
      session: 0,
      variant: 'candidate',
      cell: 'api/steady',
      windows: 1,
      seconds: 3.2,
      steady: true,
      latencies: [9],
    })
    await journal.append({ ...run({ p95: 2, round: 0 }), block: 0, phase: 'paired' })
    await journal.event({
      event: 're-run',
      phase: 'paired',
      block: 0,
      cell: 'api/steady',
      round: 0,
      variants: ['baseline', 'candidate'],
      attempt: 0,
      reason: 'dropped 40 iterations',
      seconds: 17,
    })
    const { runs, events, torn } = await readJournal(journal.file)
    expect(runs.map((r) => [r.metrics.p95, r.warmupWindow])).toEqual([
      [9, 0],
      [2, undefined],
    ])
    expect(events.map((e) => e.event)).toEqual(['stacks', 'warm-up', 're-run'])
    expect(events[0]).toMatchObject({ order: ['candidate', 'baseline'] })
    expect(torn).toBe(0)
  })

  it('skips a torn last line, as a kill mid-write leaves it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const journal = await Journal.start(dir, {
      name: 'j',
      mode: 'gate',
      startedAt: '2026-01-01T00:00:00Z',
      baselinePath: null,
      config,
    })
    await journal.append(run({ p95: 2, round: 1 }))
    const line = JSON.stringify(run({ p95: 4, round: 2 }))
    await appendFile(journal.file, line.slice(0, line.length / 2))
    const { runs, torn } = await readJournal(journal.file)
    expect(runs).toHaveLength(1)
    expect(torn).toBe(1)
  })

  it('refuses a file that is not a journal, naming it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const file = path.join(dir, 'runs.jsonl')
    await appendFile(file, '{"hello":1}\n')
    await expect(readJournal(file)).rejects.toThrow(`${file}: not a perf-gate journal`)
    expect(await readFile(file, 'utf8')).toContain('hello')
  })
})

describe('resultsFromJournal', () => {
  it('reads back the expanded config of a swept gate and compares its levels', async () => {
    const swept = parseConfig(
      {
        name: 'j',
        services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
        profiles: [{ name: 'api', target: 'http://gw:80/' }],
        scenarios: [{ name: 'c', script: 'constant-vus', vus: [1, 10] }],
      },
      'perf-gate.yml',
      {},
    )
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const journal = await Journal.start(dir, {
      name: 'j',
      mode: 'baseline',
      startedAt: '2026-01-01T00:00:00Z',
      baselinePath: null,
      config: swept,
    })
    for (const round of [1, 2, 3])
      await journal.append({
        ...run({ p95: 2 + round / 10, round }),
        cell: 'api/c@vus=10',
        scenario: 'c@vus=10',
      })
    const results = await resultsFromJournal(journal.file)
    expect(results.cells.map((c) => c.cell)).toEqual(['api/c@vus=1', 'api/c@vus=10'])
    expect(results.cells[1]?.candidate.n).toBe(3)
    expect(results.cells[1]?.sweep).toEqual({ scenario: 'c', level: 'vus=10' })
  })
})

describe('Journal keeps interpolated values out of the file it leaves behind (an uploaded artifact)', () => {
  it('writes ${NAME} where the config held a value taken from the environment', async () => {
    const secret = 'adm-9f8e7d6c5b4a-key'
    const withKey = parseConfig(
      {
        name: 'j',
        services: { gw: { image: 'gw', ports: [80], env: { ADMIN_KEY: secret }, wait: { log: 'up' } } },
        profiles: [{ name: 'api', target: 'http://gw:80/', headers: { 'x-admin-key': `Bearer ${secret}` } }],
        scenarios: [{ name: 'steady', script: 'constant-vus' }],
      },
      'perf-gate.yml',
      {},
    )
    const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-journal-'))
    const journal = await Journal.start(dir, {
      name: 'j',
      mode: 'gate',
      startedAt: '2026-01-01T00:00:00Z',
      baselinePath: null,
      config: withKey,
      interpolated: [{ name: 'PERF_GATE_ADMIN_KEY', value: secret }],
    })
    await journal.append({ ...run({ p95: 2, round: 1 }), error: `setup said ${secret}` } as never)
    const text = await readFile(journal.file, 'utf8')
    expect(text).not.toContain(secret)
    expect(text).toContain('Bearer ${PERF_GATE_ADMIN_KEY}')
    // Still a journal `perf-gate report` can render.
    const { header } = await readJournal(journal.file)
    expect(header.name).toBe('j')
  })
})
