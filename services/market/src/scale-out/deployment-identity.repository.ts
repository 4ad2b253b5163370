import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MarketDatabase } from '../db/tables.ts';

export interface DeploymentIdentityRow {
  name: string;
  value: string;
}

declare module '../db/tables.ts' {
  interface MarketDatabase {
    deployment_identity: DeploymentIdentityRow;
  }
}

const RELAY_ID_NAME = 'candle_relay';

/** Reads this deployment's relay id, creating it on first use; concurrent first starts agree on one value. */
export async function findOrCreateRelayId(db: Kysely<MarketDatabase>): Promise<string> {
  await db
    .insertInto('deployment_identity')
    .values({ name: RELAY_ID_NAME, value: randomUUID() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('deployment_identity')
    .select('value')
    .where('name', '=', RELAY_ID_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}
