/** `scenarios[].graphql`: the query a GraphQL scenario (script: graphql) POSTs. */
import { z } from 'zod'

/** Largest GraphQL query accepted (seed 001's largest is about 2 KB). */
export const MAX_GRAPHQL_QUERY_BYTES = 100_000

/** A GraphQL scenario (script: graphql): the query every request POSTs. */
export const graphqlSchema = z
  .object({
    query: z.string().min(1).max(MAX_GRAPHQL_QUERY_BYTES).optional().describe('The query, inline.'),
    queryFile: z
      .string()
      .min(1)
      .optional()
      .describe('A file holding the query, relative to the config file (e.g. "queries/4-ops.graphql").'),
    variables: z.record(z.string(), z.unknown()).default({}).describe('Variables sent with the query.'),
    operationName: z.string().min(1).max(256).optional().describe('operationName sent with the query.'),
  })
  .strict()
  .refine((g) => (g.query === undefined) !== (g.queryFile === undefined), {
    message: 'expected exactly one of "query" or "queryFile"',
  })
