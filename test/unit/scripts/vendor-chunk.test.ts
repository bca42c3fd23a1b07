import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '../../../src')

/** Every bare package name src/ imports statically (type-only imports and node: builtins left out). */
async function importedPackages(): Promise<Set<string>> {
  const names = new Set<string>()
  const files = (await readdir(SRC, { recursive: true })).filter(
    (f) => f.endsWith('.ts') && f !== 'vendor-chunk.ts',
  )
  for (const file of files) {
    const text = await readFile(join(SRC, file), 'utf8')
    for (const m of text.matchAll(/^import (?!type )[^;]*? from '([^'.][^']*)'/gms)) {
      const spec = m[1]!
      if (spec.startsWith('node:')) continue
      const parts = spec.split('/')
      names.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!)
    }
  }
  return names
}

describe('the vendor build entry', () => {
  it('re-exports every package src/ imports statically, so no package shares a chunk with our code', async () => {
    const vendor = await readFile(join(SRC, 'vendor-chunk.ts'), 'utf8')
    const listed = new Set([...vendor.matchAll(/from '([^']+)'/g)].map((m) => m[1]!))
    const missing = [...(await importedPackages())].filter((name) => !listed.has(name))
    expect(missing).toEqual([])
  })
})
