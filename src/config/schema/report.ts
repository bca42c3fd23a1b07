/** `report`: what the report computes beyond the verdict. */
import { z } from 'zod'
import { name } from './fields.js'

export const reportSchema = z
  .object({
    reference: name
      .optional()
      .describe(
        'The profile overheads are measured against (ratio and added ms per level); default the first non-control profile.',
      ),
  })
  .strict()
