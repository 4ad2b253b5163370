import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';
import type { ProfilesTable } from './profiles.tables.ts';

export type ProfileRecord = Selectable<ProfilesTable>;

/**
 * The caller's profile by id. Another account's profile answers 404 exactly like a missing one, so ids of other
 * people's profiles cannot be probed. Every feature that takes a `profile_id` goes through here.
 */
export async function findOwnedProfile(
  db: DbExecutor,
  userId: string,
  profileId: string,
): Promise<ProfileRecord> {
  const profile = await db
    .selectFrom('profiles')
    .selectAll()
    .where('id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw notFound('profile');
  return profile;
}
