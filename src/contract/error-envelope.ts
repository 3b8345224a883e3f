import { z } from 'zod';
import type { ErrorEnvelope as ErrorEnvelopeShape } from './errors.js';

export const ErrorBody = z
  .object({
    code: z.string().describe('Stable machine-readable error code, e.g. NOT_FOUND'),
    message: z.string(),
    nextAction: z.string().describe('What to do about it'),
    requestId: z.string().nullable(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });
export const ErrorEnvelope: z.ZodType<ErrorEnvelopeShape> = z.object({ error: ErrorBody }).meta({ id: 'ErrorEnvelope' });
