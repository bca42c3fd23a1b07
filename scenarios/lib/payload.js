// The request body: deterministic ASCII so that runs are comparable and an echo check can compare it
// byte for byte. Built once per VU in the init stage, never per iteration.

const ALPHABET = 'perf-gate-payload-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOPQRSTUVWXYZ\n'

/** Exactly `bytes` bytes of printable ASCII (newline-separated), the same for every run. */
export function makePayload(bytes) {
  if (bytes === 0) return ''
  return ALPHABET.repeat(Math.ceil(bytes / ALPHABET.length)).slice(0, bytes)
}
