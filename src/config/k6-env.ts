/**
 * Which `scenarios[].params` keys may become k6's environment. The params come from the config, which a
 * pull request controls, and become variables of the k6 process (upper-cased): a name that k6, the Go
 * runtime, the dynamic loader, a proxy-aware client or a helper we spawn reads as a setting would let
 * the pull request change how perf-gate runs rather than what the script sees. PATH once let a
 * committed `taskset` run on the host; K6_OUT and K6_LOG_OUTPUT are the `--out` and `--log-output`
 * flags that config/k6-flags.ts refuses. So such names are a config error, found when the config
 * loads. Pure.
 */

/** A name a process environment can hold and k6 exposes as `__ENV.NAME`. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/

/** Names (upper-cased) that are never a param, with the reason shown to the user. */
const RESERVED_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    [
      ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'PWD', 'SHELL', 'USER', 'LOGNAME', 'IFS'],
      'the process environment',
    ],
    [['ENV', 'BASH_ENV', 'CDPATH', 'PS4', 'SHELLOPTS', 'BASHOPTS'], 'a shell setting'],
    [
      ['NODE_OPTIONS', 'NODE_PATH', 'NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED'],
      'a Node.js setting',
    ],
    [
      [
        'GODEBUG',
        'GOMAXPROCS',
        'GOGC',
        'GOMEMLIMIT',
        'GOTRACEBACK',
        'GORACE',
        'GOROOT',
        'GOPATH',
        'GOFLAGS',
        'GOENV',
        'GOEXPERIMENT',
        'GOTOOLCHAIN',
        'GOCOVERDIR',
        'GOCACHE',
        'GOTMPDIR',
        'GOPROXY',
        'GOAMD64',
        'GOARM64',
      ],
      "a Go runtime setting (k6's runtime)",
    ],
    [['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'FTP_PROXY'], 'a proxy setting'],
    [['SSLKEYLOGFILE', 'OPENSSL_CONF', 'CURL_CA_BUNDLE', 'REQUESTS_CA_BUNDLE'], 'a TLS setting'],
    [['TZDIR', 'LOCPATH', 'GCONV_PATH', 'HOSTALIASES', 'RES_OPTIONS', 'LOCALDOMAIN'], 'a C library setting'],
    [['SUMMARY_PATH'], "perf-gate's own: where the summary is written"],
  ].flatMap(([names, why]) => (names as string[]).map((name) => [name, why as string])),
)

/** Prefixes (upper-cased) that are never a param. */
const RESERVED_PREFIXES: readonly [string, string][] = [
  [
    'K6_',
    "a k6 setting (the K6_* twin of a k6 flag, such as K6_OUT for --out); set k6's flags with k6.flags",
  ],
  ['LD_', 'a dynamic loader setting'],
  ['DYLD_', 'a dynamic loader setting'],
  ['SSL_CERT_', 'a TLS setting'],
  ['XDG_', 'where k6 looks for its config file'],
  ['DOCKER_', 'a Docker client setting'],
  ['COMPOSE_', 'a Docker Compose setting'],
  ['BUILDKIT_', 'a Docker build setting'],
  ['GITHUB_', "the runner's own"],
  ['RUNNER_', "the runner's own"],
  ['ACTIONS_', "the runner's own"],
  ['INPUT_', "the action's inputs"],
]

/**
 * Why `key` (as written in `scenarios[].params`) may not be a param, or undefined when it may. Names
 * are compared upper-cased, the form k6 receives, so `path` and `k6_out` are refused too.
 */
export function k6ParamProblem(key: string): string | undefined {
  if (!ENV_NAME.test(key)) return 'not a variable name: letters, digits and _, not starting with a digit'
  const name = key.toUpperCase()
  const why = RESERVED_NAMES[name] ?? RESERVED_PREFIXES.find(([prefix]) => name.startsWith(prefix))?.[1]
  return why === undefined
    ? undefined
    : `${name} may not be set from the config: it is ${why}, not a value for the script`
}
