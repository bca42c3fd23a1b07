// Real Docker: the example stack starts, answers through the gateway, and leaves nothing behind,
// also when a service fails its wait strategy.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/load.js'
import { InfrastructureError } from '../../src/errors.js'
import { silentLogger } from '../../src/log.js'
import { startStack } from '../../src/stack/stack.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'

const config = (overrides: Record<string, unknown> = {}) =>
  parseConfig(
    {
      name: 'stack-test',
      services: {
        echo: {
          image: 'perf-gate/echo:local',
          ports: [8080],
          env: { ECHO_DELAY_US: '0' },
          wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
        },
        nginx: {
          image: 'perf-gate/nginx:local',
          ports: [8080],
          dependsOn: ['echo'],
          wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
        },
        ...overrides,
      },
      profiles: [{ name: 'p', target: 'http://nginx:8080/echo' }],
      scenarios: [{ name: 's', script: 'constant-vus' }],
    },
    'test',
    {},
  )

describe('stack', () => {
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/nginx:local'))
  // This file's run ids only: other integration files run beside this one.
  afterAll(() => {
    for (const runId of ['it-pass', 'it-wait', 'it-build', 'it-files']) {
      expect(perfGateContainers(runId)).toEqual([])
      expect(perfGateNetworks(runId)).toEqual([])
    }
  })

  it('starts services in order, routes through the gateway by container IP, and stops cleanly', async () => {
    const stack = await startStack(config(), { runId: 'it-pass', variant: 'candidate', log: silentLogger })
    try {
      const url = stack.resolveUrl('http://nginx:8080/echo')
      expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:8080\/echo$/)
      const response = await fetch(url, {
        method: 'POST',
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('hello')
      expect(response.headers.get('x-echo')).toBe('perf-gate')
      expect(stack.resolveUrl('http://example.com/x')).toBe('http://example.com/x')
      expect(perfGateContainers('it-pass')).toHaveLength(2)
      expect(perfGateNetworks('it-pass')).toHaveLength(1)
    } finally {
      await stack.stop()
    }
    expect(perfGateContainers('it-pass')).toEqual([])
    expect(perfGateNetworks('it-pass')).toEqual([])
  })

  it('removes everything when a service fails its wait, and shows its logs', async () => {
    const broken = config({
      nginx: {
        image: 'perf-gate/nginx:local',
        ports: [8080],
        dependsOn: ['echo'],
        // nginx never logs this line, so the wait strategy times out.
        wait: { log: 'this line never appears', timeout: '3s' },
      },
    })
    const error = await startStack(broken, {
      runId: 'it-wait',
      variant: 'candidate',
      log: silentLogger,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toMatch(/service "nginx" \(perf-gate\/nginx:local\) did not start/)
    expect((error as Error).message).toMatch(/last log lines/)
    expect(perfGateContainers('it-wait')).toEqual([])
    expect(perfGateNetworks('it-wait')).toEqual([])
  })

  it('builds a service from a Dockerfile and starts it', async () => {
    const built = parseConfig(
      {
        name: 'build-test',
        services: {
          echo: {
            build: { context: path.resolve(import.meta.dirname, '../fixtures/build-echo') },
            ports: [9090],
            wait: { http: { path: '/health', port: 9090 }, timeout: '20s' },
          },
        },
        profiles: [{ name: 'p', target: 'http://echo:9090/echo' }],
        scenarios: [{ name: 's', script: 'constant-vus' }],
      },
      'test',
      {},
    )
    const stack = await startStack(built, { runId: 'it-build', variant: 'candidate', log: silentLogger })
    try {
      const response = await fetch(stack.resolveUrl('http://echo:9090/echo'), {
        method: 'POST',
        body: 'built',
      })
      expect(await response.text()).toBe('built')
    } finally {
      await stack.stop()
    }
    expect(perfGateContainers('it-build')).toEqual([])
  })

  it('copies files into a service before it starts', async () => {
    const withFile = config({
      nginx: {
        image: 'perf-gate/nginx:local',
        ports: [8080],
        dependsOn: ['echo'],
        files: [
          {
            source: path.resolve(import.meta.dirname, '../fixtures/nginx-custom.conf'),
            target: '/etc/nginx/nginx.conf',
          },
        ],
        wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
      },
    })
    const stack = await startStack(withFile, { runId: 'it-files', variant: 'candidate', log: silentLogger })
    try {
      const response = await fetch(stack.resolveUrl('http://nginx:8080/health'))
      expect(await response.text()).toBe('custom-config')
    } finally {
      await stack.stop()
    }
  })
})
