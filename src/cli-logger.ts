/** The CLI's logger: plain lines on stderr, sections with their duration. */
import type { Logger } from './log.js'

export function consoleLogger(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  let depth = 0
  const indent = () => '  '.repeat(depth)
  return {
    info: (message) => write(`${indent()}${message}`),
    warning: (message) => write(`${indent()}warning: ${message}`),
    async group(name, fn) {
      write(`${indent()}== ${name}`)
      const began = Date.now()
      depth++
      try {
        return await fn()
      } finally {
        depth--
        write(`${indent()}   (${((Date.now() - began) / 1000).toFixed(1)}s)`)
      }
    },
  }
}
