/**
 * File helpers for inputs we do not trust and outputs we must not lose: reads with a size cap (a
 * pull request controls configs and results.json), and atomic writes (a crash mid-write must leave the
 * previous file, never a truncated one).
 */
import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError } from './errors.js'

/** Formats a byte count for messages: 1 MB, 20 MB, 512 kB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${+(bytes / 1_000_000).toFixed(1)} MB`
  if (bytes >= 1000) return `${+(bytes / 1000).toFixed(1)} kB`
  return `${bytes} B`
}

/**
 * Reads a UTF-8 file of at most `maxBytes`, refusing directories, devices and larger files before
 * reading them. `what` names the input in messages (e.g. `input "results"`); a missing file is a
 * ConfigError too. Never reads more than maxBytes + 1 bytes, even from a file that grows meanwhile.
 */
export function readTextCapped(file: string, maxBytes: number, what: string): string {
  let stats
  try {
    stats = statSync(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new ConfigError([
      `${what}: ${file}: ${code === 'ENOENT' ? 'file not found' : `cannot read (${code ?? (error as Error).message})`}`,
    ])
  }
  if (stats.isDirectory()) throw new ConfigError([`${what}: ${file}: is a directory, expected a file`])
  if (!stats.isFile()) throw new ConfigError([`${what}: ${file}: not a regular file`])
  if (stats.size > maxBytes)
    throw new ConfigError([
      `${what}: ${file}: file is ${formatBytes(stats.size)}, larger than the ${formatBytes(maxBytes)} limit`,
    ])
  const buffer = Buffer.alloc(maxBytes + 1)
  let length = 0
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null)
      if (n === 0) break
      length += n
      if (length > maxBytes)
        throw new ConfigError([`${what}: ${file}: file is larger than the ${formatBytes(maxBytes)} limit`])
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new ConfigError([`${what}: ${file}: cannot read (${(error as Error).message})`])
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
  return buffer.subarray(0, length).toString('utf8')
}

/**
 * Writes a file atomically: the content goes to a temporary file in the same folder (same file
 * system, so rename is atomic), which then replaces the target. A reader, or a crash, sees either the
 * old file or the new one, never a truncated mix.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  )
  try {
    await writeFile(temp, data, { flush: true })
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * `mkdir -p`, one level at a time. Node's own `mkdir(dir, { recursive: true })` never returns for a
 * path under /proc (it retries the ENOENT forever), and an output or baseline path is user input.
 */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') {
      if ((await stat(dir)).isDirectory()) return
      throw error
    }
    const parent = path.dirname(dir)
    if (code !== 'ENOENT' || parent === dir) throw error
    await makeDirectory(parent)
    try {
      await mkdir(dir)
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(dir)).isDirectory()) throw again
    }
  }
}
