/** What a CLI verb is given: the logger, where its exit code goes, and stdout. */
import type { Logger } from '../log.js'

export interface VerbContext {
  log: Logger
  setExitCode: (code: number) => void
  stdout: (text: string) => void
}
