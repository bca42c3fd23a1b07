import { describe, expect, it } from 'vitest'
import { k6ReleaseUrl } from '../../../src/load/install-k6.js'

describe('k6ReleaseUrl', () => {
  it('names the official release archive for GitHub runner platforms', () => {
    expect(k6ReleaseUrl('1.8.1', 'linux', 'x64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-linux-amd64.tar.gz',
    )
    expect(k6ReleaseUrl('1.8.1', 'linux', 'arm64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-linux-arm64.tar.gz',
    )
    expect(k6ReleaseUrl('1.8.1', 'darwin', 'arm64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-macos-arm64.zip',
    )
  })
  it('has none for platforms k6 does not publish for us', () => {
    expect(k6ReleaseUrl('1.8.1', 'win32', 'x64')).toBeNull()
    expect(k6ReleaseUrl('1.8.1', 'linux', 'ia32')).toBeNull()
  })
})
