import { Type } from '@sinclair/typebox';
import { ERROR_STATUS } from './app-error.ts';

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Union(
      Object.keys(ERROR_STATUS).map((code) => Type.Literal(code)),
      { description: 'snake_case error code' },
    ),
    message: Type.String(),
  },
  { $id: 'ErrorBody', title: 'Error' },
);

/** The error responses a market route documents, by status. */
export const errorResponses = (...statuses: (400 | 404 | 503)[]): Record<number, typeof ErrorBodySchema> =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
