import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { GrowthDb } from '../db/database.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';

const AuditLogSchema = Type.Object({
  id: Type.String(),
  admin_id: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  client_address: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

const AuditQuery = Type.Composite([
  PageQuery,
  Type.Object({
    admin_id: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 128 })),
    target_type: Type.Optional(Type.String({ maxLength: 64 })),
    target_id: Type.Optional(Type.String({ maxLength: 128 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  }),
]);

export const auditRoutes: FastifyPluginAsyncTypebox<{ db: GrowthDb }> = async (app, { db }) => {
  app.get(
    '/admin/audit-logs',
    {
      config: { adminAccess: 'admin.audit.read' },
      schema: {
        tags: ['admin'],
        querystring: AuditQuery,
        response: { 200: EnvelopeOf(PageOf(AuditLogSchema)) },
      },
    },
    async (request) => ok(await listAuditLogs(db, request.query)),
  );
};

async function listAuditLogs(db: GrowthDb, query: Static<typeof AuditQuery>) {
  let filtered = db.selectFrom('audit_logs');
  if (query.admin_id) filtered = filtered.where('admin_id', '=', query.admin_id);
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (query.target_type) filtered = filtered.where('target_type', '=', query.target_type);
  if (query.target_id) filtered = filtered.where('target_id', '=', query.target_id);
  if (query.from) filtered = filtered.where('created_at', '>=', new Date(query.from).toISOString());
  if (query.to) filtered = filtered.where('created_at', '<=', new Date(query.to).toISOString());
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      admin_id: row.admin_id,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: parseJson(row.before_json),
      after: parseJson(row.after_json),
      client_address: row.client_address,
      created_at: row.created_at,
    })),
    total: Number(count.total),
  };
}

function parseJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}
