/**
 * The documentation's relative links must resolve: every `[text](path)`, `![alt](path)`, `href="…"`
 * and `src="…"` in README.md, CONTRIBUTING.md and docs/*.md that is not a URL must name a file or
 * folder of this repository, and its `#anchor` a heading of that file (GitHub's slugs). The README is
 * the page a newcomer reads first, so it also stays at most 300 lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const README_MAX_LINES = 300

/**
 * Pages other branches of issue 17 are writing. Until they are merged a link to one of them may point
 * at a missing file; once one exists it is checked like every other page, and the last test below
 * fails until its entry is removed here.
 */
const PENDING = new Set<string>([])

/** The repository's markdown files whose links are checked, relative to ROOT. */
function pages(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
  return ['README.md', 'CONTRIBUTING.md', ...docs]
}

/** Markdown without fenced code blocks and inline code, where link syntax is only text. */
function prose(markdown: string): string {
  return markdown
    .split('\n')
    .reduce<{ fence: boolean; lines: string[] }>(
      (acc, line) => {
        if (/^\s*(```|~~~)/.test(line)) return { fence: !acc.fence, lines: acc.lines }
        return { fence: acc.fence, lines: acc.fence ? acc.lines : [...acc.lines, line] }
      },
      { fence: false, lines: [] },
    )
    .lines.join('\n')
    .replace(/`[^`\n]*`/g, '')
}

/** Every link target of a markdown text: markdown links and images, and HTML href/src attributes. */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
  const targets: string[] = []
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(match[1]!)
  for (const match of text.matchAll(/\b(?:href|src)="([^"]+)"/g)) targets.push(match[1]!)
  return targets
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to hyphens, -1/-2 on repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const fenced = markdown.split('\n').reduce<{ fence: boolean; headings: string[] }>(
    (acc, line) => {
      if (/^\s*(```|~~~)/.test(line)) return { ...acc, fence: !acc.fence }
      const heading = !acc.fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
      return heading ? { ...acc, headings: [...acc.headings, heading[1]!] } : acc
    },
    { fence: false, headings: [] },
  )
  for (const heading of fenced.headings) {
    const base = heading
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** The problems of one page's links: a missing file or an anchor no heading of the target has. */
export function brokenLinks(
  page: string,
  markdown: string,
  read: (file: string) => string | undefined,
  pending: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = []
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:, …
    const [file = '', anchor] = target.split('#', 2) as [string, string | undefined]
    const resolved =
      file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file))
    const text = resolved.endsWith('/') || !resolved.endsWith('.md') ? undefined : read(resolved)
    const exists = text !== undefined || existsSync(path.join(ROOT, resolved))
    if (!exists) {
      if (!pending.has(resolved)) problems.push(`${page}: ${target}: ${resolved} does not exist`)
      continue
    }
    if (anchor === undefined) continue
    if (text === undefined) {
      problems.push(`${page}: ${target}: an anchor into something that is not a markdown page`)
      continue
    }
    if (!headingAnchors(text).has(decodeURIComponent(anchor).toLowerCase()))
      problems.push(`${page}: ${target}: ${resolved} has no heading "#${anchor}"`)
  }
  return problems
}

const readPage = (file: string): string | undefined => {
  const full = path.join(ROOT, file)
  return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined
}

describe('documentation links', () => {
  it('README.md, CONTRIBUTING.md and docs/*.md link only to files and headings that exist', () => {
    const problems = pages().flatMap((page) => brokenLinks(page, readPage(page) ?? '', readPage, PENDING))
    expect(problems).toEqual([])
  })

  it('checks what it claims: a missing file, a missing anchor and a stale in-page anchor are found', () => {
    const files: Record<string, string> = {
      'docs/a.md': '# A\n\n## Your compose file as the stack\n\n## Twice\n\n## Twice\n',
    }
    const page = [
      '[ok](a.md#your-compose-file-as-the-stack) [ok](a.md#twice-1) [ok](#local)',
      '[gone](b.md) [no anchor](a.md#use-it-in-a-workflow) [stale](#nowhere)',
      '`[code](not-checked.md)`',
      '```md',
      '[fenced](not-checked.md)',
      '```',
      '## Local',
      '[pending](c.md) [url](https://example.com/x.md)',
    ].join('\n')
    const problems = brokenLinks(
      'docs/p.md',
      page,
      (f) => files[f] ?? (f === 'docs/p.md' ? page : undefined),
      new Set(['docs/c.md']),
    )
    expect(problems).toEqual([
      'docs/p.md: b.md: docs/b.md does not exist',
      'docs/p.md: a.md#use-it-in-a-workflow: docs/a.md has no heading "#use-it-in-a-workflow"',
      'docs/p.md: #nowhere: docs/p.md has no heading "#nowhere"',
    ])
  })

  it('makes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      '# Capacity search (`script: capacity-search`)\n## The PR comment, charts and artifacts\n## dist/ is committed\n## How accurate is the gate?\n',
    )
    expect([...anchors]).toEqual([
      'capacity-search-script-capacity-search',
      'the-pr-comment-charts-and-artifacts',
      'dist-is-committed',
      'how-accurate-is-the-gate',
    ])
  })

  it(`keeps README.md at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('lists as pending only pages that are still missing (remove an entry once its page is merged)', () => {
    const merged = [...PENDING].filter((page) => existsSync(path.join(ROOT, page)))
    expect(merged, 'these pages exist now: remove them from PENDING in test/unit/docs/links.test.ts').toEqual(
      [],
    )
  })
})
