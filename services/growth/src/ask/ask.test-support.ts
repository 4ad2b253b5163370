import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { body, newUser, type UserClient } from '../../test/factories.ts';
import type { AskMessage, AskThread } from './ask.schemas.ts';

/** Helpers shared by the ask HTTP tests. */

export interface AskQuotaBody {
  active_membership: boolean;
  remaining: number;
  free_limit: number;
  source: string;
}

export interface SendResult {
  user: AskMessage;
  assistant: AskMessage;
  quota: AskQuotaBody;
}

export async function newProfile(user: UserClient, displayName = '小林'): Promise<string> {
  const response = await user.request('POST', '/api/v1/profiles', {
    relation: 'self',
    display_name: displayName,
    birth_date: '1992-03-18',
    birth_time: '08:30',
    birth_place: '杭州',
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ id: string }>(response).data.id;
}

export async function openThread(
  user: UserClient,
  profileId: string,
  scene: string | null = null,
): Promise<AskThread> {
  const response = await user.request('POST', '/api/v1/ask/threads', { profile_id: profileId, scene });
  expect(response.statusCode, response.body).toBe(200);
  return body<AskThread>(response).data;
}

/** A user with a self profile and an open thread. */
export async function newAsker(
  t: TestApp,
  scene: string | null = null,
): Promise<{ user: UserClient; profileId: string; thread: AskThread }> {
  const user = await newUser(t.app);
  const profileId = await newProfile(user);
  return { user, profileId, thread: await openThread(user, profileId, scene) };
}

export function sendMessage(
  user: UserClient,
  threadId: string,
  content: unknown,
): Promise<LightMyRequestResponse> {
  return user.request('POST', `/api/v1/ask/threads/${threadId}/messages`, { content });
}

export async function ask(user: UserClient, threadId: string, content: string): Promise<SendResult> {
  const response = await sendMessage(user, threadId, content);
  expect(response.statusCode, response.body).toBe(200);
  return body<SendResult>(response).data;
}

type CountedTable =
  | 'ask_messages'
  | 'ask_threads'
  | 'ask_feedback'
  | 'moderation_cases'
  | 'crisis_events'
  | 'crisis_interventions'
  | 'handoff_cases'
  | 'audit_logs'
  | 'quota_usage';

export async function countRows(t: TestApp, table: CountedTable): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
