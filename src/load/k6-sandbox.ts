/**
 * The sandbox a pull request's own k6 script runs in (`k6 run` and `k6 inspect`). On the host, such a
 * script could read any file the runner can (`open('/etc/passwd')`, the token actions/checkout keeps
 * in `.git/config`) and write any through handleSummary. Here k6 runs in a container built FROM
 * scratch that holds only the k6 binary, with three things mounted at their host paths: the script's
 * folder read-only (its `.git` covered by an empty mount), and the run folder, writable and the
 * working directory. The root filesystem is read-only, every capability dropped, no-new-privileges
 * set, and the container joins the stack's networks to reach the targets. Built-in scenarios are
 * perf-gate's own files and keep running k6 on the host.
 *
 * The image is built locally from the k6 binary perf-gate found (nothing is pulled) and cached by the
 * binary's SHA-256. The binary must be static, as k6's official releases are: a scratch image has no
 * C library.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, copyFile, lstat, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import { InfrastructureError } from '../errors.js'

/** Label on every sandbox container, so a leftover can be found. */
export const SANDBOX_LABEL = 'dev.perf-gate.k6-sandbox'

/** The image repository of sandbox images; the tag is a prefix of the k6 binary's SHA-256. */
const IMAGE_REPOSITORY = 'perf-gate/k6-sandbox'

/** Where k6 is in the image. */
const K6_IN_IMAGE = '/k6'

/**
 * True when `file` is an ELF executable without an interpreter (PT_INTERP): it needs no dynamic
 * loader or C library, so it runs in an empty image. False for a dynamic ELF, a script or anything else.
 */
export async function isStaticElf(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const header = Buffer.alloc(64)
    await handle.read(header, 0, 64, 0)
    if (header.readUInt32BE(0) !== 0x7f454c46) return false
    const is64 = header[4] === 2
    const little = header[5] === 1
    const u16 = (b: Buffer, at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at))
    const u32 = (b: Buffer, at: number) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at))
    const u64 = (b: Buffer, at: number) => Number(little ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at))
    const phoff = is64 ? u64(header, 32) : u32(header, 28)
    const phentsize = u16(header, is64 ? 54 : 42)
    const phnum = u16(header, is64 ? 56 : 44)
    if (phentsize === 0 || phnum === 0 || phnum > 4096) return false
    const table = Buffer.alloc(phentsize * phnum)
    await handle.read(table, 0, table.length, phoff)
    const PT_INTERP = 3
    for (let i = 0; i < phnum; i++) if (u32(table, i * phentsize) === PT_INTERP) return false
    return true
  } finally {
    await handle.close()
  }
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Sandbox images by k6 path, size and mtime: hashing ~100 MB once per process is enough. */
const images = new Map<string, Promise<string>>()

/**
 * The sandbox image for the k6 binary at `k6Path` (absolute), built once per binary and reused. An
 * InfrastructureError when the binary is not static or the image cannot be built.
 */
export function sandboxImage(k6Path: string): Promise<string> {
  return (async () => {
    const info = await stat(k6Path)
    const key = `${k6Path}\u0000${info.size}\u0000${info.mtimeMs}`
    let image = images.get(key)
    if (!image) {
      image = buildImage(k6Path)
      images.set(key, image)
      image.catch(() => images.delete(key))
    }
    return image
  })()
}

async function buildImage(k6Path: string): Promise<string> {
  if (process.platform !== 'linux' || !(await isStaticElf(k6Path))) {
    throw new InfrastructureError(
      `k6 at ${k6Path} cannot run in the sandbox for your own scripts: it is not a static Linux binary. k6's official release archives are; or build it with CGO_ENABLED=0 (scripts/setup.sh does) and point K6_PATH at it`,
    )
  }
  const tag = `${IMAGE_REPOSITORY}:${(await sha256(k6Path)).slice(0, 16)}`
  const client = await getContainerRuntimeClient()
  if (await client.image.exists(ImageName.fromString(tag))) return tag
  const context = await mkdtemp(path.join(tmpdir(), 'perf-gate-k6-image-'))
  try {
    await copyFile(k6Path, path.join(context, 'k6'))
    await chmod(path.join(context, 'k6'), 0o555)
    // FROM scratch: nothing to pull, and nothing in the image but k6.
    await writeFile(
      path.join(context, 'Dockerfile'),
      `FROM scratch\nCOPY k6 ${K6_IN_IMAGE}\nENTRYPOINT ["${K6_IN_IMAGE}"]\n`,
    )
    await client.image.build(context, { t: tag, labels: { [SANDBOX_LABEL]: 'image' } })
  } finally {
    await rm(context, { recursive: true, force: true })
  }
  if (!(await client.image.exists(ImageName.fromString(tag))))
    throw new InfrastructureError(`could not build the k6 sandbox image ${tag} from ${k6Path}`)
  return tag
}

export interface SandboxRun {
  /** The k6 binary (absolute, static). */
  k6Path: string
  /** k6's arguments; host paths under scriptDir or runDir mean the same file inside. */
  args: readonly string[]
  /** k6's whole environment (already an allowlist, src/load/k6.ts). */
  env: Record<string, string>
  /** The script's folder, mounted read-only with its `.git` hidden. */
  scriptDir: string
  /** The run folder: writable, the working directory, HOME and TMPDIR. */
  runDir: string
  /** Docker networks to join (the stack's); Docker's default bridge when empty. */
  networks: readonly string[]
  /** Docker cpuset ("1", "0-3"): the gate's CPU placement for k6. */
  cpus?: string | undefined
  timeoutMs: number
  signal?: AbortSignal | undefined
}

export interface SandboxResult {
  /** k6's exit code; null when it was killed (timeout, interrupt). */
  code: number | null
  stdout: string
  stderr: string
  timedOut: boolean
}

/** Splits Docker's multiplexed log stream (8-byte frame headers) into stdout and stderr. */
export function demuxDockerLogs(buffer: Buffer): { stdout: string; stderr: string } {
  const out: Buffer[] = []
  const err: Buffer[] = []
  let at = 0
  while (at + 8 <= buffer.length) {
    const kind = buffer[at]
    const size = buffer.readUInt32BE(at + 4)
    const frame = buffer.subarray(at + 8, at + 8 + size)
    if (kind === 2) err.push(frame)
    else out.push(frame)
    at += 8 + size
  }
  return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }
}

/** Mounts that cover `.git` in the script's folder: an empty read-only tmpfs, or /dev/null for a file. */
async function gitCover(scriptDir: string): Promise<{ binds: string[]; tmpfs: Record<string, string> }> {
  const git = path.join(scriptDir, '.git')
  try {
    const info = await lstat(git)
    if (info.isDirectory()) return { binds: [], tmpfs: { [git]: 'ro,size=4k,mode=0500' } }
    return { binds: [`/dev/null:${git}:ro`], tmpfs: {} }
  } catch {
    return { binds: [], tmpfs: {} }
  }
}

/** Runs k6 in the sandbox and returns its exit code and output. */
export async function runSandboxedK6(run: SandboxRun): Promise<SandboxResult> {
  const image = await sandboxImage(run.k6Path)
  const client = await getContainerRuntimeClient()
  const docker = client.container.dockerode
  const cover = await gitCover(run.scriptDir)
  const [network, ...more] = run.networks.length > 0 ? run.networks : ['bridge']
  const env = { ...run.env, HOME: run.runDir, TMPDIR: run.runDir }
  const container = await docker.createContainer({
    Image: image,
    Cmd: [...run.args],
    Env: Object.entries(env).map(([name, value]) => `${name}=${value}`),
    WorkingDir: run.runDir,
    // The host user: it owns the run folder, and without capabilities root could not write there.
    User: `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`,
    Labels: { [SANDBOX_LABEL]: 'run' },
    HostConfig: {
      Binds: [`${run.scriptDir}:${run.scriptDir}:ro`, `${run.runDir}:${run.runDir}:rw`, ...cover.binds],
      Tmpfs: cover.tmpfs,
      ReadonlyRootfs: true,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      NetworkMode: network,
      // k6's output is read back from the log: bounded, whatever the script prints.
      LogConfig: { Type: 'json-file', Config: { 'max-size': '5m', 'max-file': '1' } },
      ...(run.cpus !== undefined ? { CpusetCpus: run.cpus } : {}),
    },
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    container.kill({ signal: 'SIGKILL' }).catch(() => {})
  }, run.timeoutMs)
  const onAbort = () => container.kill({ signal: 'SIGTERM' }).catch(() => {})
  try {
    for (const name of more) await docker.getNetwork(name).connect({ Container: container.id })
    run.signal?.addEventListener('abort', onAbort, { once: true })
    await container.start()
    const { StatusCode } = (await container.wait()) as { StatusCode: number }
    const logs = (await container.logs({ stdout: true, stderr: true, follow: false })) as unknown as Buffer
    const { stdout, stderr } = demuxDockerLogs(Buffer.from(logs))
    const killed = timedOut || run.signal?.aborted === true
    return { code: killed ? null : StatusCode, stdout, stderr: stderr.slice(-20_000), timedOut }
  } finally {
    clearTimeout(timer)
    run.signal?.removeEventListener('abort', onAbort)
    await container.remove({ force: true }).catch(() => {})
  }
}
