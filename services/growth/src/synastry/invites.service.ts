import { randomUUID } from 'node:crypto';
import { emitServerEvent } from '../analytics/server-events.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import type { Entitlements } from '../entitlements/entitlements.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import {
  checkBirthDate,
  checkBirthPlace,
  checkBirthTime,
  checkDisplayName,
  ProfileFieldError,
} from '../profiles/profile-fields.ts';
import { findOwnedProfile, type ProfileRecord } from '../profiles/profile-ownership.ts';
import { insertProfile } from '../profiles/profiles.repository.ts';
import { DEFAULT_DISPLAY_NAMES } from '../profiles/profiles.service.ts';
import { toGrowthReport, type GrowthReport } from '../reports/reports.mapper.ts';
import { findOwnedReport } from '../reports/reports.repository.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import { createInviteToken, hashInviteToken } from './invite-tokens.ts';
import {
  claimInvite,
  findAccountName,
  findInviteById,
  findInviteByTokenHash,
  insertInvite,
  recordInviteOutcome,
  type InviteRecord,
} from './invites.repository.ts';
import type { AcceptInviteBody, CreatedInvite, InviteView } from './synastry.schemas.ts';

/** An invite link works for seven days. */
export const INVITE_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitesServiceOptions {
  db: GrowthDb;
  clock: Clock;
  reports: Pick<ReportsService, 'createSynastryReport'>;
  entitlements: Pick<Entitlements, 'getMembership'>;
}

/** Field errors become 400/10001 naming the field, exactly as on POST /profiles. */
function validated<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ProfileFieldError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
}

function isExpired(invite: InviteRecord, at: string): boolean {
  return invite.expires_at <= at;
}

/** Why an invite cannot be accepted: taken first (an accepted invite never turns "gone"), then expired. */
function refusal(invite: InviteRecord | undefined, at: string): AppError {
  if (!invite) return notFound('invite');
  if (invite.accepted_at !== null) return new AppError('CONFLICT', 'invite already accepted');
  if (isExpired(invite, at)) return new AppError('GONE', 'invite expired');
  return new AppError('CONFLICT', 'invite cannot be accepted');
}

export class InvitesService {
  constructor(private readonly options: InvitesServiceOptions) {}

  /** A link for another person to enter their birth data; the synastry is built with the caller's profile. */
  async createInvite(userId: string, profileId: string): Promise<CreatedInvite> {
    const { db, clock } = this.options;
    await findOwnedProfile(db, userId, profileId);
    const now = clock.now();
    const token = createInviteToken();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS).toISOString();
    await insertInvite(db, {
      id: randomUUID(),
      token_hash: hashInviteToken(token),
      host_user_id: userId,
      host_profile_id: profileId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by_user_id: null,
      guest_profile_id: null,
      report_id: null,
    });
    return { token, path: `/synastry/invites/${token}`, expires_at: expiresAt };
  }

  /** What the invitee sees before accepting. An accepted invite stays readable; an open one past expiry is 410. */
  async getInvite(token: string): Promise<InviteView> {
    const { db, clock } = this.options;
    const invite = await findInviteByTokenHash(db, hashInviteToken(token));
    if (!invite) throw notFound('invite');
    const accepted = invite.accepted_at !== null;
    if (!accepted && isExpired(invite, clock.now().toISOString()))
      throw new AppError('GONE', 'invite expired');
    return { host_name: invite.host_nickname, expires_at: invite.expires_at, already_accepted: accepted };
  }

  /**
   * Accepts an invite once: the invitee's birth data becomes an `other` profile in the HOST's account and a
   * synastry report (host profile × that profile) is stored for the host, all in one transaction that starts by
   * claiming the invite with a conditional update, so concurrent acceptances create exactly one profile and report.
   * The invitee receives the report in the answer (trimmed by the invitee's own entitlement) and keeps no copy.
   */
  async acceptInvite(userId: string, token: string, body: AcceptInviteBody): Promise<GrowthReport> {
    const { db, clock } = this.options;
    const now = clock.now();
    const at = now.toISOString();
    const invite = await findInviteByTokenHash(db, hashInviteToken(token));
    if (!invite || invite.accepted_at !== null || isExpired(invite, at)) throw refusal(invite, at);
    if (invite.host_user_id === userId) {
      throw new AppError('BAD_REQUEST', 'an invite is accepted by the invited person, not by its host');
    }
    const birth = validated(() => ({
      birth_date: checkBirthDate(body.birth_date, shanghaiDay(now)),
      birth_time: checkBirthTime(body.birth_time ?? null),
      birth_place: checkBirthPlace(body.birth_place ?? null),
      display_name: body.display_name === undefined ? null : checkDisplayName(body.display_name),
    }));

    return db.transaction().execute(async (trx) => {
      if (!(await claimInvite(trx, { id: invite.id, acceptedBy: userId, at }))) {
        throw refusal(await findInviteById(trx, invite.id), at);
      }
      const hostProfile = await findOwnedProfile(trx, invite.host_user_id, invite.host_profile_id);
      const guestProfile: ProfileRecord = {
        id: randomUUID(),
        user_id: invite.host_user_id,
        relation: 'other',
        display_name: birth.display_name ?? (await this.defaultGuestName(trx, userId)),
        birth_date: birth.birth_date,
        birth_time: birth.birth_time,
        birth_place: birth.birth_place,
        gender: null,
        relation_type: null,
        geo_lat: null,
        geo_lng: null,
        geo_visible: 0,
        created_at: at,
        updated_at: at,
      };
      await insertProfile(trx, guestProfile);
      await emitServerEvent(trx, {
        name: 'profile_created',
        userId: invite.host_user_id,
        at: now,
        props: { profile_id: guestProfile.id, relation: 'other', source: 'synastry_invite' },
      });
      const hostView = await this.options.reports.createSynastryReport(trx, {
        userId: invite.host_user_id,
        profileA: hostProfile,
        profileB: guestProfile,
      });
      await recordInviteOutcome(trx, invite.id, { guestProfileId: guestProfile.id, reportId: hostView.id });
      const record = await findOwnedReport(trx, invite.host_user_id, hostView.id);
      if (!record) throw new Error('synastry report vanished inside its own transaction');
      const inviteeMembership = await this.options.entitlements.getMembership(trx, userId, now);
      return toGrowthReport(record, inviteeMembership.active);
    });
  }

  /** The invitee's nickname when they chose one (a registered account), else the default name of an `other`. */
  private async defaultGuestName(db: DbExecutor, userId: string): Promise<string> {
    const account = await findAccountName(db, userId);
    return account && !account.isGuest ? account.nickname : DEFAULT_DISPLAY_NAMES.other;
  }
}
