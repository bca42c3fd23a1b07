/** The action's logger: @actions/core, so sections fold in the Actions log. */
import * as core from '@actions/core'
import type { Logger } from './log.js'

export const actionLogger: Logger = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  group: (name, fn) => core.group(name, fn),
}
