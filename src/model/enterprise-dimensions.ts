/**
 * The Gateway Arena's layer 1 dimensions (seed 002's enterprise-readiness index), in the seed's order.
 * Data vocabulary shared by the config (scenarios[].enterprise) and results (each run's per-dimension
 * scores), so it sits with the model, below both.
 */
export const ENTERPRISE_DIMENSIONS = [
  'mcpDiscovery',
  'mcpToolExec',
  'authChain',
  'policyEngine',
  'guardrails',
  'rateLimiting',
  'resilience',
  'governance',
] as const
export type EnterpriseDimension = (typeof ENTERPRISE_DIMENSIONS)[number]
