/** A service's volumes: a bind inside the folder, a named volume of this file, or tmpfs. */
import { SAFE_MOUNT_OPTIONS } from './compose-keys.js'
import { isExtension, isMapping, type ComposeScope, type Mapping } from './compose-scope.js'

/** Checks one entry of a service's `volumes` (short or long syntax) at key path `at`. */
export function volumeProblems(
  volume: unknown,
  at: string,
  declared: Set<string>,
  scope: ComposeScope,
): void {
  if (typeof volume === 'string') return shortVolumeProblems(volume, at, declared, scope)
  if (!isMapping(volume)) return scope.refuse(at, 'expected a string or a mapping')
  longVolumeKeyProblems(volume, at, scope)
  longVolumeSourceProblems(volume, at, declared, scope)
}

/** SOURCE:TARGET[:OPTIONS], or TARGET alone (an anonymous volume: nothing on the host). */
function shortVolumeProblems(volume: string, at: string, declared: Set<string>, scope: ComposeScope): void {
  const parts = volume.split(':')
  if (parts.length === 1) return
  const [source = '', , options] = parts
  for (const option of (options ?? '').split(',').filter(Boolean)) {
    if (!SAFE_MOUNT_OPTIONS.has(option)) scope.refuse(at, `mount option "${option}" is not allowed`)
  }
  if (/^[./~$]/.test(source) || source.includes('/')) scope.filePath(at, source)
  else if (!declared.has(source))
    scope.refuse(at, `named volume "${source}" is not declared under the top-level volumes`)
}

function longVolumeKeyProblems(volume: Mapping, at: string, { refuse }: ComposeScope): void {
  for (const [key, value] of Object.entries(volume)) {
    if (['target', 'read_only', 'consistency', 'type', 'source', 'tmpfs', 'volume'].includes(key)) continue
    if (key === 'bind') {
      if (!isMapping(value)) continue
      if (value.propagation !== undefined && !['private', 'rprivate'].includes(String(value.propagation)))
        refuse(`${at}.bind.propagation`, `"${String(value.propagation)}" is not allowed`)
      for (const k of Object.keys(value))
        if (!['propagation', 'create_host_path', 'selinux', 'recursive'].includes(k))
          refuse(`${at}.bind.${k}`, 'not allowed')
    } else if (!isExtension(key)) {
      refuse(`${at}.${key}`, 'not allowed')
    }
  }
}

function longVolumeSourceProblems(
  volume: Mapping,
  at: string,
  declared: Set<string>,
  scope: ComposeScope,
): void {
  if (volume.type === 'bind') scope.filePath(`${at}.source`, volume.source)
  else if (volume.type === 'volume') {
    if (volume.source !== undefined && !declared.has(String(volume.source)))
      scope.refuse(
        `${at}.source`,
        `named volume "${String(volume.source)}" is not declared under the top-level volumes`,
      )
  } else if (volume.type !== 'tmpfs') {
    scope.refuse(`${at}.type`, `"${String(volume.type)}" is not allowed (only bind, volume or tmpfs)`)
  }
}
