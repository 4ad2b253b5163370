import { Type, type Static } from '@sinclair/typebox';
import type { CallerAccount } from './identity.repository.ts';
import { maskPhone } from './phone-number.ts';

export const AccountSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    nickname: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
    is_guest: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Account' },
);
export type Account = Static<typeof AccountSchema>;

export function toAccount(user: CallerAccount): Account {
  return {
    id: user.id,
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    status: user.status,
    is_guest: user.is_guest === 1,
    created_at: user.created_at,
  };
}
