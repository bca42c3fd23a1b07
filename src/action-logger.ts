/** The action's logger: @actions/core, so sections fold in the Actions log. */
import * as core from '@actions/core'
import type { Logger } from './log.js'

/**
 * The runner reads any stdout line starting with `::` as a workflow command, so text we log (a file
 * name, a response body, a k6 message: things a pull request controls) could set outputs or stop
 * command processing. A zero-width space after the first colon keeps the line as a reader sees it.
 * core.warning and core.group escape their data themselves.
 */
export function inertLogText(message: string): string {
  return message.replace(/(^|[\r\n])(\s*):(?=:)/g, '$1$2:\u200b')
}

export const actionLogger: Logger = {
  info: (message) => core.info(inertLogText(message)),
  warning: (message) => core.warning(message),
  group: (name, fn) => core.group(name, fn),
}
