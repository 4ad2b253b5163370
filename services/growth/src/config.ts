import { Type, type Static } from '@sinclair/typebox';
import { isIP } from 'node:net';
import { ConfigError, loadConfig, type SqliteLockingMode } from '@app/service-kit';
import type { SqliteBackupSettings } from './db/sqlite-backups.ts';
import {
  DEFAULT_PASSWORD_COST_LOG2,
  MIN_PRODUCTION_PASSWORD_COST_LOG2,
} from './security/password-hashing.ts';

/** The service alone holds its SQLite file while it runs (docs/decisions.md, "The growth service's SQLite file"). */
export const DEFAULT_SQLITE_LOCKING: SqliteLockingMode = 'exclusive';

/** Every environment variable the growth service reads. Keys are the variable names; defaults live here. */
export const GrowthEnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '127.0.0.1', minLength: 1 }),
  GROWTH_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  GROWTH_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  GROWTH_SQLITE_FILE: Type.String({ default: './data/growth.sqlite', minLength: 1 }),
  GROWTH_SQLITE_LOCKING: Type.Union([Type.Literal('exclusive'), Type.Literal('normal')], {
    default: DEFAULT_SQLITE_LOCKING,
  }),
  GROWTH_SQLITE_BACKUP_DIR: Type.Optional(Type.String({ minLength: 1 })),
  GROWTH_SQLITE_BACKUP_INTERVAL_HOURS: Type.Integer({ minimum: 1, maximum: 168, default: 24 }),
  GROWTH_SQLITE_BACKUP_KEEP: Type.Integer({ minimum: 1, maximum: 1000, default: 7 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  CORS_ORIGINS: Type.String({ default: '*' }),
  TRUST_PROXY: Type.String({ default: 'false' }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 1024 * 1024 }),
  AUTH_LOGIN_MODE: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('strict')])),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  ADMIN_SESSION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 30, default: 12 }),
  GROWTH_ADMIN_USERNAME: Type.String({ default: 'admin', pattern: '^[A-Za-z0-9_.-]{3,32}$' }),
  GROWTH_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 72 })),
  PASSWORD_HASH_COST_LOG2: Type.Integer({ minimum: 10, maximum: 20, default: DEFAULT_PASSWORD_COST_LOG2 }),
  RATE_LIMIT_AUTH_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  RATE_LIMIT_ADDRESS_PER_MINUTE: Type.Integer({ minimum: 1, default: 300 }),
  LLM_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  LLM_MODEL: Type.String({ default: 'gpt-4o-mini' }),
  LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 8000 }),
});

export type GrowthEnv = Static<typeof GrowthEnvSchema>;

export interface GrowthConfig {
  env: GrowthEnv['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** `exclusive`: the service alone holds the SQLite file while it runs (see docs/decisions.md). */
  sqliteLocking: SqliteLockingMode;
  /** Scheduled online backups of the SQLite file; null when `GROWTH_SQLITE_BACKUP_DIR` is unset. */
  sqliteBackups: SqliteBackupSettings | null;
  redisUrl: string | undefined;
  logLevel: string;
  corsOrigins: '*' | string[];
  /**
   * Which peers may name the client in `X-Forwarded-For` (Fastify's `trustProxy`): none, any, or these
   * addresses/CIDR ranges. Rate limits count `request.ip`, which behind a proxy is otherwise the proxy's address.
   */
  trustProxy: boolean | string[];
  bodyLimitBytes: number;
  loginMode: 'open' | 'strict';
  sessionTtlDays: number;
  passwordCostLog2: number;
  adminSessionTtlHours: number;
  bootstrapAdmin: { username: string; password: string | undefined };
  rateLimits: { perSubjectPerMinute: number; perAddressPerMinute: number };
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
}

export function readGrowthConfig(env: Record<string, string | undefined> = process.env): GrowthConfig {
  const values = loadConfig(GrowthEnvSchema, env);
  const production = values.NODE_ENV === 'production';
  if (production && !values.GROWTH_ADMIN_PASSWORD) {
    throw new Error('invalid configuration: GROWTH_ADMIN_PASSWORD is required when NODE_ENV=production');
  }
  if (production && values.PASSWORD_HASH_COST_LOG2 < MIN_PRODUCTION_PASSWORD_COST_LOG2) {
    throw new Error(
      `invalid configuration: PASSWORD_HASH_COST_LOG2 must be at least ${MIN_PRODUCTION_PASSWORD_COST_LOG2} when NODE_ENV=production`,
    );
  }
  const corsOrigins = values.CORS_ORIGINS.trim() === '*' ? '*' : splitList(values.CORS_ORIGINS);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.GROWTH_PORT,
    databaseUrl: values.GROWTH_DATABASE_URL ?? values.DATABASE_URL,
    sqliteFile: values.GROWTH_SQLITE_FILE,
    sqliteLocking: values.GROWTH_SQLITE_LOCKING,
    sqliteBackups: values.GROWTH_SQLITE_BACKUP_DIR
      ? {
          directory: values.GROWTH_SQLITE_BACKUP_DIR,
          intervalHours: values.GROWTH_SQLITE_BACKUP_INTERVAL_HOURS,
          keep: values.GROWTH_SQLITE_BACKUP_KEEP,
        }
      : null,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    corsOrigins,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    loginMode: values.AUTH_LOGIN_MODE ?? (production ? 'strict' : 'open'),
    sessionTtlDays: values.SESSION_TTL_DAYS,
    passwordCostLog2: values.PASSWORD_HASH_COST_LOG2,
    adminSessionTtlHours: values.ADMIN_SESSION_TTL_HOURS,
    bootstrapAdmin: { username: values.GROWTH_ADMIN_USERNAME, password: values.GROWTH_ADMIN_PASSWORD },
    rateLimits: {
      perSubjectPerMinute: values.RATE_LIMIT_AUTH_PER_MINUTE,
      perAddressPerMinute: values.RATE_LIMIT_ADDRESS_PER_MINUTE,
    },
    llm:
      values.LLM_BASE_URL && values.LLM_API_KEY
        ? {
            baseUrl: values.LLM_BASE_URL,
            apiKey: values.LLM_API_KEY,
            model: values.LLM_MODEL,
            timeoutMs: values.LLM_TIMEOUT_MS,
          }
        : null,
  };
}

/**
 * `false`, `true` (any peer: only when no client can reach the service directly), or the proxies' addresses. No hop
 * counts: Fastify trusts no peer for a bare count, since it cannot tell a proxy from a client that sends the header.
 */
function parseTrustProxy(value: string): boolean | string[] {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  const entries = splitList(trimmed);
  const invalid = entries.find((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be false, true, or comma-separated IP addresses or CIDR ranges (got "${value}")`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
