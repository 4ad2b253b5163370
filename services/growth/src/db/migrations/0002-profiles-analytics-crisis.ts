import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('birth_time', 'text')
    .addColumn('birth_place', 'text')
    .addColumn('gender', 'text')
    .addColumn('relation_type', 'text')
    .addColumn('geo_lat', 'double precision')
    .addColumn('geo_lng', 'double precision')
    .addColumn('geo_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('profiles_user_idx')
    .on('profiles')
    .columns(['user_id', 'created_at'])
    .execute();
  // At most one `self` profile per account, enforced by the database so concurrent creates cannot both win.
  await db.schema
    .createIndex('profiles_one_self_per_user')
    .on('profiles')
    .column('user_id')
    .unique()
    .where(sql.ref('relation'), '=', 'self')
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('device_key', 'text')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('page_path', 'text')
    .addColumn('props_json', 'text')
    .addColumn('client_ts_json', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_day_name_idx')
    .on('analytics_events')
    .columns(['day', 'name'])
    .execute();
  await db.schema
    .createIndex('analytics_events_session_idx')
    .on('analytics_events')
    .columns(['session_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('crisis_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text')
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crisis_events_created_idx').on('crisis_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['crisis_events', 'analytics_events', 'profiles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
