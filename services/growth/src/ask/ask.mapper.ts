import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { readJsonObject } from './json-columns.ts';
import type { AskFeedbackRecord, AskMessageRecord, AskThreadRecord } from './ask.repository.ts';
import type { AdminMessage, AdminThread, AskMessage, AskThread, Feedback } from './ask.schemas.ts';

const StoredCitations = Type.Array(Type.Object({ chunk_id: Type.String(), title: Type.String() }));

export function toAskThread(record: AskThreadRecord): AskThread {
  return {
    id: record.id,
    user_id: record.user_id,
    profile_id: record.profile_id,
    scene: record.scene,
    created_at: record.created_at,
  };
}

export function toAskMessage(record: AskMessageRecord): AskMessage {
  const meta = readJsonObject(record.meta_json);
  const citations = Value.Check(StoredCitations, meta.citations) ? meta.citations : [];
  return {
    id: record.id,
    thread_id: record.thread_id,
    role: record.role,
    content: record.content,
    created_at: record.created_at,
    citations: record.role === 'assistant' ? citations : [],
    reply_kind: typeof meta.reply_kind === 'string' ? meta.reply_kind : null,
    handoff_id: typeof meta.handoff_id === 'string' ? meta.handoff_id : null,
  };
}

export function toFeedback(record: AskFeedbackRecord): Feedback {
  return {
    id: record.id,
    thread_id: record.thread_id,
    message_id: record.message_id,
    author: record.author,
    user_id: record.user_id,
    admin_id: record.admin_id,
    rating: record.rating,
    tag: record.tag,
    note: record.note,
    created_at: record.created_at,
  };
}

export function toAdminThread(record: AskThreadRecord): AdminThread {
  return {
    id: record.id,
    user_id: record.user_id,
    profile_id: record.profile_id,
    scene: record.scene,
    message_count: Number(record.message_count),
    last_message_at: record.last_message_at,
    created_at: record.created_at,
  };
}

export function toAdminMessage(record: AskMessageRecord): AdminMessage {
  return {
    id: record.id,
    thread_id: record.thread_id,
    seq: Number(record.seq),
    role: record.role,
    content: record.content,
    created_at: record.created_at,
    meta: readJsonObject(record.meta_json),
  };
}
