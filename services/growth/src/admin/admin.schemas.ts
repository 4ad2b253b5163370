import { Type } from '@sinclair/typebox';

export const AdminMeSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    username: Type.String(),
    role: Type.Optional(Type.String()),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'AdminMe' },
);

export const AdminLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

export const AdminLoginResult = Type.Object({
  token: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  admin: AdminMeSchema,
});

export const RoleSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
});

export const RolePermissionsBody = Type.Object({
  permissions: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 }),
});

export const AdminAccountSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role_id: Type.String(),
  role: Type.String(),
  disabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const CreateAdminBody = Type.Object({
  username: Type.String({ pattern: '^[A-Za-z0-9_.-]{3,32}$' }),
  password: Type.String({ minLength: 8, maxLength: 72 }),
  role_id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const UpdateAdminBody = Type.Object(
  {
    role_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 72 })),
  },
  { minProperties: 1 },
);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
