/**
 * What a pull request's stack may hand a container: an allowlist, not a deny-list. A compose file and
 * perf-gate.yml's own `services` are both under the pull request's control, and anything that reaches
 * the runner (host namespaces, privileges, devices, the Docker API, host paths outside the repository,
 * the repository's `.git` with the token actions/checkout keeps there) would give it the runner.
 *
 * Compose keys: every top-level key, service key and nested key is either allowed with a checked
 * shape or refused by name; a key this module does not know (one Compose adds later) is refused too.
 * The rules run on the document Compose itself runs: the file with YAML merge keys applied, and, when
 * a Compose binary exists, the output of `compose config` (absolute paths, long forms, `extends` and
 * `.env` resolved), so nothing Compose expands escapes them (config/compose-file.ts runs both).
 *
 * The rules live in stack-allowlist/: host-paths (any host path a container gets), then the compose
 * document by section (compose, resources, service, volumes, build, deploy-hooks, and the key tables
 * in compose-keys).
 */
export { buildContextProblem, hostPathProblem, type PathRefusal } from './stack-allowlist/host-paths.js'
export { composeAllowlistProblems } from './stack-allowlist/compose.js'
export type { AllowlistProblem, ComposeAllowlistOptions } from './stack-allowlist/compose-scope.js'
