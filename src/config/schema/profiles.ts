/** `profiles`: what k6 drives (a target), how it is set up (admin calls) and what every response must be. */
import { z } from 'zod'
import { duration } from './durations.js'
import { headerMap, httpUrl, name } from './fields.js'

/** Most times one setup call may repeat (e.g. 100 routes, 100 consumers); more is a config error. */
export const MAX_SETUP_REPEAT = 10_000
/** Largest setup body file (a gateway's whole configuration with hundreds of routes is ~100 KB). */
export const MAX_BODY_FILE_BYTES = 1_000_000
/** `{{name}}` in setup calls and profile headers: a captured value, or `i` (the repeat index). */
export const CAPTURE_NAME = /^[A-Za-z_]\w{0,63}$/
/** A dotted path into a JSON response: `id`, `data.key`, `items.0.id`. */
export const CAPTURE_PATH = /^[\w-]+(\.[\w-]+){0,15}$/

export const httpCallSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
    url: httpUrl.describe(
      'A URL whose host is a service of the stack (or a host the workflow allows), e.g. "http://gateway:9000/apis".',
    ),
    headers: headerMap.default({}).describe('Request headers, e.g. an admin API key.'),
    body: z.unknown().optional().describe('JSON body (objects are serialised) or a string.'),
    bodyFile: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A file holding the body instead, relative to the config file (e.g. "rest-100-routes.json"): a .json file is sent as JSON with `{{name}}` filled in its strings as in `body`, any other file as text. For a body too long to write inline, e.g. a whole gateway configuration with 100 routes.',
      ),
    expectStatus: z
      .array(z.number().int())
      .default([200, 201, 202, 204])
      .describe('Statuses that count as success.'),
    retries: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(10)
      .describe('Retries on errors or other statuses (backoff up to 2 s).'),
    repeat: z
      .number()
      .int()
      .min(1)
      .max(MAX_SETUP_REPEAT)
      .default(1)
      .describe(
        'Sends the call this many times; `{{i}}` in the URL, headers and body is the index (0, 1, ...), e.g. to create 100 routes.',
      ),
    capture: z
      .record(
        z.string().regex(CAPTURE_NAME, 'a capture name of letters, digits and "_"'),
        z.string().regex(CAPTURE_PATH, 'a dotted path into the JSON response, e.g. "id" or "data.key"'),
      )
      .default({})
      .describe(
        "Values taken from the JSON response by a dotted path (`{ key: data.key }`), usable as `{{key}}` in later setup calls and in the profile's `headers` (of a repeated call, the last response's).",
      ),
  })
  .strict()
  .refine((call) => call.body === undefined || call.bodyFile === undefined, {
    message: 'expected at most one of "body" or "bodyFile"',
  })

export const profileSchema = z
  .object({
    name: name.describe('Names the profile in reports, e.g. "no-policies" or "jwt-rate-limit".'),
    description: z.string().optional().describe('Free text shown in the report.'),
    target: httpUrl.describe(
      'Where k6 sends load; the host must be a service of the stack or a host the workflow allows (allowed-hosts / --allow-host).',
    ),
    control: z
      .boolean()
      .default(false)
      .describe('A no-gateway control profile: a noise monitor for the runner, never gated.'),
    setup: z
      .array(httpCallSchema)
      .max(100)
      .default([])
      .describe('Admin API calls that configure this profile (create the API and its policies).'),
    readiness: z
      .object({
        url: httpUrl
          .optional()
          .describe(
            'Defaults to the target; the same host rule applies (a stack service or an allowed host).',
          ),
        method: z.enum(['GET', 'POST']).default('GET'),
        status: z.number().int().default(200),
        timeout: duration.default('30s'),
      })
      .strict()
      .optional()
      .describe('Polled after setup until the route answers as expected.'),
    expect: z
      .object({
        status: z.number().int().default(200).describe('Status every response must have.'),
        headers: headerMap.default({}).describe('Headers every response must carry (value substring).'),
        headersAbsent: z
          .array(z.string().min(1))
          .max(100)
          .default([])
          .describe('Headers no response may carry (e.g. one a policy must strip).'),
        bodyPrefix: z.string().optional().describe('Every response body must start with this.'),
        bodyContains: z
          .union([z.string(), z.array(z.string()).max(100)])
          .optional()
          .describe('Every response body must contain this (a list: each of them).'),
        echoesPayload: z
          .boolean()
          .default(false)
          .describe('The response body must equal the request payload.'),
        payloadPrefix: z
          .string()
          .optional()
          .describe(
            'The response body must be this prefix followed by the request payload, exactly (a policy that prepends to the body).',
          ),
      })
      .strict()
      .default({ status: 200, headers: {}, headersAbsent: [], echoesPayload: false })
      .describe('Per-request checks; accuracy = passed / requests.'),
    headers: headerMap
      .default({})
      .describe(
        "Headers k6 sends with every request; `{{name}}` is a value captured by this profile's setup.",
      ),
    hooks: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'How many policy hooks this profile runs per request: the report divides its added latency over the reference profile by it (per-hook cost).',
      ),
  })
  .strict()

export type ProfileConfig = z.infer<typeof profileSchema>
export type HttpCall = z.infer<typeof httpCallSchema>
