import { Type, type TSchema } from '@sinclair/typebox';

export interface SuccessEnvelope<T> {
  code: 0;
  message: string;
  data: T;
}

/** The success envelope of every response: `{ code: 0, message: 'success', data }`. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { code: 0, message: 'success', data };
}

/** Response schema of a success envelope around `data`, so OpenAPI shows what the client receives. */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), message: Type.String(), data });
}

export const ErrorEnvelope = Type.Object(
  { code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) },
  { $id: 'ErrorEnvelope' },
);

/** `data.items` list payloads. */
export function ItemsOf<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item) });
}

/** Admin list payloads: `data.items` and `data.total`. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer() });
}

export const OkFlag = Type.Object({ ok: Type.Boolean() });
