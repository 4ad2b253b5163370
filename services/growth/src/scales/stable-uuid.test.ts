import { describe, expect, it } from 'vitest';
import { stableUuid } from './stable-uuid.ts';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('stableUuid', () => {
  it('matches the RFC 4122 version-5 reference value', () => {
    // Python: uuid.uuid5(uuid.NAMESPACE_DNS, 'www.example.com')
    expect(stableUuid('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is stable per name and distinct across names', () => {
    expect(stableUuid('scale:phq9:q9')).toBe(stableUuid('scale:phq9:q9'));
    expect(stableUuid('scale:phq9:q9')).not.toBe(stableUuid('scale:phq9:q8'));
    expect(stableUuid('scale:phq9')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
