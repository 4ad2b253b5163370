import { describe, expect, it } from 'vitest';
import { isValidIcon, isValidLink } from './cms-links.ts';

describe('isValidLink', () => {
  it.each([
    '/reports/star',
    '/scales/phq9?from=banner',
    '/',
    'https://example.com/a?b=c',
    '/static/banners/x.png',
  ])('accepts %s', (link) => expect(isValidLink(link)).toBe(true));

  it.each([
    '',
    'reports/star',
    '//evil.example.com/x',
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/has space',
    'https://',
    `/${'a'.repeat(500)}`,
  ])('refuses %s', (link) => expect(isValidLink(link)).toBe(false));
});

describe('isValidIcon', () => {
  it('accepts an icon key or a link, and nothing else', () => {
    expect(isValidIcon('star')).toBe(true);
    expect(isValidIcon('solar_term')).toBe(true);
    expect(isValidIcon('https://cdn.example.com/i.png')).toBe(true);
    expect(isValidIcon('Star Icon')).toBe(false);
    expect(isValidIcon('javascript:x')).toBe(false);
  });
});
