/**
 * `scenarios[].enterprise`: the Gateway Arena's layer 1 (script: arena-enterprise), seed 002's eight
 * enterprise-readiness dimensions, each a short sequence of requests with its checks, scored with the
 * seed's weights and latency caps into the Enterprise Readiness Index (ERI).
 */
import { z } from 'zod'

import { ENTERPRISE_DIMENSIONS, type EnterpriseDimension } from '../../model/enterprise-dimensions.js'

export { ENTERPRISE_DIMENSIONS, type EnterpriseDimension }

/** Seed 002's weights (they sum to 1). */
export const DEFAULT_ENTERPRISE_WEIGHTS: Record<EnterpriseDimension, number> = {
  mcpDiscovery: 0.15,
  mcpToolExec: 0.2,
  authChain: 0.15,
  policyEngine: 0.15,
  guardrails: 0.1,
  rateLimiting: 0.1,
  resilience: 0.1,
  governance: 0.05,
}

/** Seed 002's latency caps: the P95 (ms) at which a dimension's latency score reaches 0. */
export const DEFAULT_ENTERPRISE_CAPS_MS: Record<EnterpriseDimension, number> = {
  mcpDiscovery: 500,
  mcpToolExec: 500,
  authChain: 1000,
  policyEngine: 200,
  guardrails: 1000,
  rateLimiting: 1000,
  resilience: 1000,
  governance: 2000,
}

const text = z.string().max(10_000)

/** One request of a dimension; `{{jwt}}` and `{{consumer}}` in its path, headers and body are filled per iteration. */
export const enterpriseRequestSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
    path: z
      .string()
      .min(1)
      .max(2000)
      .refine((p) => !/^[a-z][a-z0-9+.-]*:/i.test(p) && !p.startsWith('//'), {
        message: 'a path on the profile\'s gateway, not a URL ("/mcp/capabilities")',
      })
      .describe(
        'Resolved against the profile\'s target URL ("/mcp/capabilities", or relative to the target).',
      ),
    headers: z.record(z.string(), text).default({}),
    body: text.optional().describe('The request body as sent (e.g. malformed JSON for resilience).'),
    jsonRpc: z
      .object({
        method: z.string().min(1).max(200),
        params: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .optional()
      .describe(
        'MCP over JSON-RPC 2.0: POSTs {"jsonrpc":"2.0","id":N,"method","params"} and expects a "result" with the same id and no "error".',
      ),
    expect: z
      .object({
        status: z
          .union([z.number().int().min(100).max(599), z.enum(['2xx', '4xx'])])
          .default('2xx')
          .describe('The status, or a class: "4xx" is what resilience expects of bad input (never a 5xx).'),
        bodyContains: z.array(text).max(20).default([]),
        bodyExcludes: z
          .array(text)
          .max(20)
          .default([])
          .describe('Strings the response must not hold (guardrails: the PII that should be redacted).'),
        headers: z
          .array(z.string().min(1).max(200))
          .max(20)
          .default([])
          .describe('Header names the response must carry.'),
      })
      .strict()
      .default({ status: '2xx', bodyContains: [], bodyExcludes: [], headers: [] }),
  })
  .strict()
  .refine((r) => r.jsonRpc === undefined || r.body === undefined, {
    message: 'jsonRpc builds the body: give one of jsonRpc and body',
    path: ['jsonRpc'],
  })

/** One dimension the gateway offers: its requests (one iteration), or a rate-limit burst. */
export const enterpriseDimensionSchema = z
  .object({
    requests: z
      .array(enterpriseRequestSchema)
      .min(1)
      .max(20)
      .describe('Sent in order as one iteration; an iteration passes when every response passes its checks.'),
    rateLimit: z
      .object({
        limit: z.number().int().min(1).max(1000).describe('Requests the gateway lets through per consumer.'),
        burst: z
          .number()
          .int()
          .min(2)
          .max(2000)
          .describe('Requests sent per iteration (more than limit): the ones beyond limit must answer 429.'),
        headers: z
          .array(z.string().min(1).max(200))
          .max(10)
          .default([])
          .describe('Rate-limit headers every answer must carry (e.g. X-RateLimit-Remaining).'),
      })
      .strict()
      .refine((r) => r.burst > r.limit, { message: 'burst must exceed limit', path: ['burst'] })
      .optional()
      .describe(
        'Rate limiting: each iteration sends the first request `burst` times as a fresh consumer ({{consumer}}); the first `limit` must pass their checks and the rest answer 429. Availability is the share of requests answered as expected (the enforcement accuracy).',
      ),
  })
  .strict()

const weight = z.number().min(0).max(1)
const capMs = z.number().positive()

function defaultsOf<T extends number>(values: Record<EnterpriseDimension, T>, field: z.ZodNumber) {
  return Object.fromEntries(ENTERPRISE_DIMENSIONS.map((d) => [d, field.default(values[d])])) as Record<
    EnterpriseDimension,
    z.ZodDefault<z.ZodNumber>
  >
}

/** The arena's layer 1 (script: arena-enterprise). */
export const enterpriseSchema = z
  .object({
    iterations: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe('Iterations per dimension and run (1 VU, one after the other).'),
    jwt: z
      .object({
        secret: z.string().min(1).max(1000).describe('HS256 key; `${NAME}` reads it from the environment.'),
        claims: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
        ttlSeconds: z.number().int().positive().max(86_400).default(300),
      })
      .strict()
      .optional()
      .describe('Signs the HS256 token `{{jwt}}` stands for, fresh per iteration (iat, exp added).'),
    dimensions: z
      .object(
        Object.fromEntries(
          ENTERPRISE_DIMENSIONS.map((d) => [d, enterpriseDimensionSchema.optional()]),
        ) as Record<EnterpriseDimension, z.ZodOptional<typeof enterpriseDimensionSchema>>,
      )
      .strict()
      .refine((d) => Object.values(d).some((v) => v !== undefined), {
        message: 'configure at least one dimension (the ones left out score 0)',
      })
      .describe(
        'The dimensions the gateways offer, with their requests. A dimension left out scores 0 (the seed: a gateway without a capability scores 0, not n/a).',
      ),
    weights: z
      .object(defaultsOf(DEFAULT_ENTERPRISE_WEIGHTS, weight))
      .strict()
      .default(DEFAULT_ENTERPRISE_WEIGHTS)
      .refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
        message: 'the weights must sum to 1 (the ERI is 0..100)',
      })
      .describe("Weight of each dimension in the ERI (seed 002's by default)."),
    gateDimensions: z
      .boolean()
      .default(true)
      .describe(
        "Gate each configured dimension's score as the ERI is (same threshold, higher is better): a lost capability blocks even when the ERI drops less than the threshold. The ERI and the dimensions are one Holm family. false: the ERI alone decides (docs/arena.md).",
      ),
    capsMs: z
      .object(defaultsOf(DEFAULT_ENTERPRISE_CAPS_MS, capMs))
      .strict()
      .default(DEFAULT_ENTERPRISE_CAPS_MS)
      .describe("The P95 (ms) at which a dimension's latency score is 0 (seed 002's by default)."),
  })
  .strict()
export type EnterpriseConfig = z.infer<typeof enterpriseSchema>
export type EnterpriseDimensionConfig = z.infer<typeof enterpriseDimensionSchema>
