// The machine-readable result: k6's raw summary data as JSON at SUMMARY_PATH, validated by a zod schema
// on the TypeScript side (src/load). Nothing goes to stdout, so k6's text summary never has to be parsed.
import { required } from './env.js'

const SUMMARY_PATH = required('SUMMARY_PATH')

/** k6 calls this once at the end of the test with the aggregated metrics. */
export function handleSummary(data) {
  return { [SUMMARY_PATH]: JSON.stringify(data) }
}
