/** The action's entry point: runs the action and nothing else. */
import { run } from './main.js'

await run()
