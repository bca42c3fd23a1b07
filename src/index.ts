/** The action's entry point: runs the action and nothing else. */
import { run } from './main.js'

await run()
// testcontainers keeps Docker sockets open; end the process once run() has cleaned up.
process.exit()
