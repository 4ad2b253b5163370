import { createHash } from 'node:crypto';

/**
 * The project's UUID namespace for content it seeds itself (scales, their questions, catalog and CMS rows).
 * Fixed forever: changing it would give every seeded row a new id on the next seed.
 */
const SEED_NAMESPACE = '6f1d3c2a-8b4e-5a7f-9c0d-2e4b6a8c0d1f';

const VERSION_NIBBLE = 0x50;
const VARIANT_BITS = 0x80;

/**
 * Name-based UUID (RFC 4122 version 5: SHA-1 of namespace + name). The same name always yields the same id, so
 * re-seeding, or seeding a second database, gives seeded rows the ids clients may already hold.
 */
export function stableUuid(name: string, namespace: string = SEED_NAMESPACE): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const digest = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | VERSION_NIBBLE;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | VARIANT_BITS;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
