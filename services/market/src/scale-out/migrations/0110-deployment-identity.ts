import type { Kysely } from 'kysely';

/**
 * One row naming this deployment (a random id written by the first instance that starts). Instances that share the
 * database read the same id and so meet on the same Redis channel, while another deployment or test run on the same
 * Redis gets its own: the relay needs no channel setting and cannot cross-talk by misconfiguration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_identity')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployment_identity').execute();
}
