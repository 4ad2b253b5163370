import type { AskScene } from './reply-engine/reply-engine.types.ts';

/**
 * Question-and-answer threads. Messages are written once and never updated: the stored `content` is what the user
 * saw (masked where a policy masks), and `meta_json` records how the reply was produced (citations, safety
 * outcome, generator), so the console can explain every answer.
 */
export interface AskThreadsTable {
  id: string;
  user_id: string;
  profile_id: string;
  scene: AskScene | null;
  message_count: number;
  last_message_at: string | null;
  created_at: string;
}

export interface AskMessagesTable {
  id: string;
  thread_id: string;
  user_id: string;
  /** 1-based position in the thread; the user message and its reply take consecutive numbers. */
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  meta_json: string;
  created_at: string;
}

export interface AskFeedbackTable {
  id: string;
  thread_id: string;
  message_id: string | null;
  author: 'user' | 'admin';
  user_id: string | null;
  admin_id: string | null;
  rating: number;
  tag: string | null;
  note: string | null;
  created_at: string;
}

/** Catalogs whose changes the ask pipeline must pick up on the next message. */
export type AskCatalog = 'safety' | 'knowledge' | 'prompts' | 'tools';

export interface AskCatalogVersionsTable {
  catalog: AskCatalog;
  version: number;
  updated_at: string;
}

export interface AskTables {
  ask_threads: AskThreadsTable;
  ask_messages: AskMessagesTable;
  ask_feedback: AskFeedbackTable;
  ask_catalog_versions: AskCatalogVersionsTable;
}
