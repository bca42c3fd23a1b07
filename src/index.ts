/** The action's entry point: runs the action and nothing else. */
import { endProcess } from './exit.js'
import { run } from './main.js'

await run()
// run() sets process.exitCode; testcontainers may keep Docker sockets open after it has cleaned up.
endProcess(typeof process.exitCode === 'number' ? process.exitCode : 0)
