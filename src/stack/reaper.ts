/**
 * testcontainers' Ryuk reaper is off unless the user asks for it. perf-gate removes what it starts
 * itself (finally, signals, a label sweep), so the reaper would only be a second safety net, and one
 * that needs an image from Docker Hub: on a machine or runner without registry access the first
 * Docker call that wants it (a container, a network, an image build) would fail trying to pull it.
 * Both entry points call this before anything talks to Docker.
 */

/** Sets TESTCONTAINERS_RYUK_DISABLED=true unless the environment already sets it (to anything). */
export function disableReaperUnlessSet(env: NodeJS.ProcessEnv = process.env): void {
  env.TESTCONTAINERS_RYUK_DISABLED ??= 'true'
}
