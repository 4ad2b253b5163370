import { describe, expect, it } from 'vitest';
import { describeInvalidTarget } from './explore-tool-targets.ts';

describe('describeInvalidTarget', () => {
  it('accepts the report kinds and features the service has, and nothing else', () => {
    expect(describeInvalidTarget('report', 'synastry')).toBeNull();
    expect(describeInvalidTarget('report', 'fortune')).toContain('portrait');
    expect(describeInvalidTarget('feature', 'growth_plans')).toBeNull();
    expect(describeInvalidTarget('feature', 'shop')).not.toBeNull();
  });

  it('checks image-card scenes against the image-card list when given one, else by shape', () => {
    const known = (scene: string) => ['self', 'daily'].includes(scene);
    expect(describeInvalidTarget('image_card', 'daily', known)).toBeNull();
    expect(describeInvalidTarget('image_card', 'career', known)).toBe('names no image-card scene');
    expect(describeInvalidTarget('image_card', 'career')).toBeNull();
    expect(describeInvalidTarget('image_card', 'Not A Scene')).not.toBeNull();
  });
});
