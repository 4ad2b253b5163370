import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** Turns the first schema violation into a message that names the field, e.g. `body.phone is required`. */
export function describeValidationError(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): { field: string; message: string } {
  const first = errors[0];
  const where = context ?? 'request';
  if (!first) return { field: where, message: `${where} is invalid` };
  const path = first.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
  const params = first.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') {
    const field = `${where}${path}.${params.missingProperty}`;
    return { field, message: `${field} is required` };
  }
  if (typeof params.additionalProperty === 'string') {
    const field = `${where}${path}.${params.additionalProperty}`;
    return { field, message: `${field} is not allowed` };
  }
  const field = `${where}${path}`;
  return { field, message: `${field} ${first.message ?? 'is invalid'}` };
}
