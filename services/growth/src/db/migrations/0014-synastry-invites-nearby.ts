import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at their version, not as the code types it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('synastry_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // SHA-256 of the token: a database leak does not leak usable invite links.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('host_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Deleting the host's profile withdraws its invites.
    .addColumn('host_profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('guest_profile_id', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('report_id', 'text', (c) => c.references('reports.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('synastry_invites_host_idx')
    .on('synastry_invites')
    .columns(['host_user_id', 'created_at'])
    .execute();

  // Nearby search: an index range on latitude, longitude checked inside the index, and user_id/id carried along so
  // the candidate query never touches the table (covering on SQLite, index-only scans on PostgreSQL).
  await db.schema
    .createIndex('profiles_geo_search_idx')
    .on('profiles')
    .columns(['geo_visible', 'geo_lat', 'geo_lng', 'user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_geo_search_idx').ifExists().execute();
  await db.schema.dropTable('synastry_invites').ifExists().execute();
}
