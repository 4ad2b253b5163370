import { Type } from '@sinclair/typebox';
import { AccountSchema } from './account.mapper.ts';

export const RegisterBody = Type.Object({
  phone: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: 256 }),
  nickname: Type.String({ maxLength: 256 }),
});

export const LoginBody = Type.Object({
  phone: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: 256 }),
});

export const UpdateMeBody = Type.Object({ nickname: Type.String({ maxLength: 256 }) });

export const AuthResultSchema = Type.Object({
  user: AccountSchema,
  token: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

/** The client's device key header, documented for OpenAPI (the hook does the checking and answers 401). */
export const DeviceHeaders = Type.Object({
  'x-device-id': Type.Optional(
    Type.String({ description: 'Device key: 8 to 128 characters of [A-Za-z0-9._:-]' }),
  ),
});
