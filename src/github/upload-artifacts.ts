/**
 * Uploads the gate's output folder (results.json, report.md, report.html, charts) as one workflow
 * artifact with @actions/artifact, so the comment can link to it. Like every reporting step, a
 * failure is a warning: it never changes a verdict.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { ArtifactClient } from '@actions/artifact'
import type { Logger } from '../log.js'

export interface UploadedArtifact {
  id: number
  name: string
  /** The artifact's page (a download link on GitHub). */
  url: string | undefined
}

export interface UploadArtifactsInput {
  /** The folder to upload, whole. */
  dir: string
  /** Artifact name: unique per run (a second upload of one name fails). */
  name: string
  /** The run's page, `<server>/<owner>/<repo>/actions/runs/<id>`; the artifact's is below it. */
  runUrl: string | undefined
  log: Logger
  env?: Record<string, string | undefined>
  /** Tests may inject a client; by default @actions/artifact's. */
  client?: ArtifactClient
}

/** Every file under `dir`, absolute. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** An artifact name GitHub accepts: no `"`, `:`, `<`, `>`, `|`, `*`, `?`, `\`, `/`. */
export function artifactName(commentKey: string, mode: string): string {
  const base = `perf-gate-${commentKey}${mode === 'baseline' ? '-baseline' : ''}`
  return base.replace(/["':<>|*?\\/\r\n]/g, '-')
}

/**
 * Uploads the folder and returns the artifact, or undefined (with a warning or an info line) when it
 * could not: outside GitHub Actions' runtime, an empty folder, or any error of the service.
 */
export async function uploadArtifacts(input: UploadArtifactsInput): Promise<UploadedArtifact | undefined> {
  const env = input.env ?? process.env
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    input.log.info('not in a GitHub Actions job (no ACTIONS_RUNTIME_TOKEN): artifacts not uploaded')
    return undefined
  }
  try {
    const files = await filesUnder(input.dir)
    if (files.length === 0) {
      input.log.warning(`nothing to upload in ${input.dir}`)
      return undefined
    }
    // Loaded only when uploading: the artifact client (Azure blob SDK included) is most of the bundle.
    const client = input.client ?? new (await import('@actions/artifact')).DefaultArtifactClient()
    const { id } = await client.uploadArtifact(input.name, files, input.dir)
    if (id === undefined) throw new Error('the artifact service returned no id')
    const url = input.runUrl ? `${input.runUrl}/artifacts/${id}` : undefined
    input.log.info(`uploaded artifact ${input.name} (${files.length} files)${url ? `: ${url}` : ''}`)
    return { id, name: input.name, url }
  } catch (error) {
    input.log.warning(
      `uploading the artifact ${input.name} failed: ${(error as Error).message.split('\n')[0]}; the files are in ${input.dir}`,
    )
    return undefined
  }
}
