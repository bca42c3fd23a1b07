/** `services`: the containers of the stack, their readiness and their resource limits. */
import { z } from 'zod'
import { duration } from './durations.js'
import { name, port } from './fields.js'

export const waitSchema = z
  .object({
    http: z
      .object({
        path: z.string().startsWith('/').max(2000).default('/'),
        port: port,
        status: z.number().int().min(100).max(599).default(200),
      })
      .strict()
      .optional()
      .describe('Wait until GET http://<container>:<port><path> answers with this status.'),
    log: z.string().min(1).optional().describe('Wait until the container logs this line (a substring).'),
    timeout: duration.default('60s').describe('How long the service may take to become ready.'),
  })
  .strict()
  .refine((w) => w.http !== undefined || w.log !== undefined, {
    message: 'expected "http" or "log"',
  })

/** CPU and memory limits of one container. */
export const resourcesSchema = z
  .object({
    cpus: z.number().positive().max(1024).optional(),
    memoryMiB: z.number().int().positive().max(4_194_304).optional(),
  })
  .strict()

export const serviceSchema = z
  .object({
    image: z.string().min(1).optional().describe('A local image name, e.g. "perf-gate/echo:local".'),
    build: z
      .object({
        context: z.string().min(1).describe('Build context, relative to the config file.'),
        dockerfile: z.string().default('Dockerfile'),
        args: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .optional()
      .describe('Build the image from a Dockerfile instead of using `image`.'),
    env: z.record(z.string(), z.string()).default({}).describe('Environment variables.'),
    command: z.array(z.string()).optional().describe('Overrides the image command.'),
    ports: z.array(port).default([]).describe('Container ports the gate talks to.'),
    files: z
      .array(
        z
          .object({
            source: z.string().min(1).describe('Host path, relative to the config file.'),
            target: z.string().startsWith('/').describe('Absolute path in the container.'),
          })
          .strict(),
      )
      .default([])
      .describe('Files copied into the container before it starts.'),
    dependsOn: z.array(name).default([]).describe('Services that must be ready first.'),
    wait: waitSchema.optional().describe('Readiness of the container itself.'),
    resources: resourcesSchema
      .optional()
      .describe('Resource limits, so the gateway and the echo backend do not fight over cores.'),
  })
  .strict()
  .refine((s) => (s.image === undefined) !== (s.build === undefined), {
    message: 'expected exactly one of "image" or "build"',
  })

export type ServiceConfig = z.infer<typeof serviceSchema>
export type WaitConfig = z.infer<typeof waitSchema>
