/** Text the CLI adds to `--help`: what each exit code means, so scripts can branch on them. */
import { ExitCode } from '../errors.js'

export const EXIT_CODES_HELP = `
Exit codes:
  ${ExitCode.Pass}  pass (also: inconclusive with gate.onInconclusive: warn; --accept-regression); other verbs: success
  ${ExitCode.Regression}  regression (or inconclusive with gate.onInconclusive: fail)
  ${ExitCode.InvalidInput}  invalid input: config, results file, option or argument (nothing was started)
  ${ExitCode.Infrastructure}  infrastructure failure: Docker, k6, an image or a service that did not start
`
