/** Bounds and small field types that several sections of the config share. */
import { z } from 'zod'

/** Bounds that keep one config from exhausting the runner's memory or the job's time. */
export const MAX_VUS = 10_000
export const MAX_RATE = 1_000_000
/** Cells are profiles x scenarios; every one runs each round. */
export const MAX_CELLS = 200

/** A name of a service, profile, scenario or the gate. */
export const name = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'expected a name of letters, digits, "-", "_" or "."')

/** An http(s) URL. */
export const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  },
  { message: 'expected a URL such as "http://gateway:8080/path"' },
)

/** A TCP port. */
export const port = z.number().int().min(1).max(65535)

/** Request or response headers, name to value. */
export const headerMap = z.record(z.string(), z.string())
