import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { emitServerEvent } from '../analytics/server-events.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { deleteReportsOfProfile } from '../reports/reports.repository.ts';
import {
  checkBirthDate,
  checkBirthPlace,
  checkBirthTime,
  checkCoordinates,
  checkDisplayName,
  checkRelationType,
  ProfileFieldError,
} from './profile-fields.ts';
import { findOwnedProfile, type ProfileRecord } from './profile-ownership.ts';
import { toProfile, type Profile } from './profiles.mapper.ts';
import { deleteProfile, insertProfile, listUserProfiles, updateProfile } from './profiles.repository.ts';
import type { CreateProfileBody, UpdateProfileBody } from './profiles.schemas.ts';
import type { ProfilesTable } from './profiles.tables.ts';

/** Display name when the client sends none. */
export const DEFAULT_DISPLAY_NAMES = { self: '我', other: '对方' } as const;

const SECOND_SELF_MESSAGE = "this account already has a profile with relation 'self'";

export interface ProfilesServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** Field errors become 400/10001 with the message naming the field. */
function validated<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ProfileFieldError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
}

/** The one-self rule is the database's partial unique index, so concurrent creates cannot both win. */
async function guardOneSelf<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', SECOND_SELF_MESSAGE);
    throw error;
  }
}

export class ProfilesService {
  constructor(private readonly options: ProfilesServiceOptions) {}

  async listProfiles(userId: string): Promise<Profile[]> {
    return (await listUserProfiles(this.options.db, userId)).map(toProfile);
  }

  async createProfile(userId: string, body: CreateProfileBody): Promise<Profile> {
    const now = this.options.clock.now();
    const record: ProfileRecord = validated(() => ({
      id: randomUUID(),
      user_id: userId,
      relation: body.relation,
      display_name:
        body.display_name === undefined
          ? DEFAULT_DISPLAY_NAMES[body.relation]
          : checkDisplayName(body.display_name),
      birth_date: checkBirthDate(body.birth_date, shanghaiDay(now)),
      birth_time: checkBirthTime(body.birth_time ?? null),
      birth_place: checkBirthPlace(body.birth_place ?? null),
      gender: body.gender ?? null,
      relation_type: checkRelationType(body.relation_type ?? null),
      geo_lat: null,
      geo_lng: null,
      geo_visible: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }));
    await guardOneSelf(() =>
      this.options.db.transaction().execute(async (trx) => {
        await insertProfile(trx, record);
        await emitServerEvent(trx, {
          name: 'profile_created',
          userId,
          at: now,
          props: { profile_id: record.id, relation: record.relation },
        });
      }),
    );
    return toProfile(record);
  }

  async updateProfile(userId: string, profileId: string, body: UpdateProfileBody): Promise<Profile> {
    const { db, clock } = this.options;
    const now = clock.now();
    const changes = validated(() => this.collectChanges(body, shanghaiDay(now)));
    await findOwnedProfile(db, userId, profileId);
    await guardOneSelf(() =>
      updateProfile(db, userId, profileId, { ...changes, updated_at: now.toISOString() }),
    );
    return toProfile(await findOwnedProfile(db, userId, profileId));
  }

  /**
   * Deletes a profile and every report built from it (as first or second person): reports hold that person's birth
   * data, so they go with the profile. Answers how many reports went.
   */
  async deleteProfile(userId: string, profileId: string): Promise<{ ok: true; deleted_reports: number }> {
    return this.options.db.transaction().execute(async (trx) => {
      await findOwnedProfile(trx, userId, profileId);
      const deletedReports = await deleteReportsOfProfile(trx, profileId);
      if ((await deleteProfile(trx, userId, profileId)) === 0) throw notFound('profile');
      return { ok: true as const, deleted_reports: deletedReports };
    });
  }

  private collectChanges(body: UpdateProfileBody, today: string): Updateable<ProfilesTable> {
    const changes: Updateable<ProfilesTable> = {};
    if (body.relation !== undefined) changes.relation = body.relation;
    if (body.display_name !== undefined) changes.display_name = checkDisplayName(body.display_name);
    if (body.birth_date !== undefined) changes.birth_date = checkBirthDate(body.birth_date, today);
    if (body.birth_time !== undefined) changes.birth_time = checkBirthTime(body.birth_time);
    if (body.birth_place !== undefined) changes.birth_place = checkBirthPlace(body.birth_place);
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.relation_type !== undefined) changes.relation_type = checkRelationType(body.relation_type);
    const coordinates = checkCoordinates(body.geo_lat, body.geo_lng);
    if (coordinates) {
      changes.geo_lat = coordinates.lat;
      changes.geo_lng = coordinates.lng;
    }
    if (body.geo_visible !== undefined) changes.geo_visible = body.geo_visible ? 1 : 0;
    return changes;
  }
}
