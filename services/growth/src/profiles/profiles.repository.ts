import type { Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ProfileRecord } from './profile-ownership.ts';
import type { ProfilesTable } from './profiles.tables.ts';

/** The account's profiles, newest first (id breaks ties so the order is stable). */
export async function listUserProfiles(db: DbExecutor, userId: string): Promise<ProfileRecord[]> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertProfile(db: DbExecutor, record: ProfileRecord): Promise<void> {
  await db.insertInto('profiles').values(record).execute();
}

export async function updateProfile(
  db: DbExecutor,
  userId: string,
  profileId: string,
  changes: Updateable<ProfilesTable>,
): Promise<void> {
  await db
    .updateTable('profiles')
    .set(changes)
    .where('id', '=', profileId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteProfile(db: DbExecutor, userId: string, profileId: string): Promise<number> {
  const result = await db
    .deleteFrom('profiles')
    .where('id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
