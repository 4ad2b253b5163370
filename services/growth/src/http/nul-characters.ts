/**
 * Where the first U+0000 sits in a parsed request part, as a path in the style of validation messages (`.note`,
 * `.items[0].name`, or `` for the value itself); undefined when there is none. Keys count too. PostgreSQL cannot
 * store the character in text or jsonb, and no field of ours means it, so a request that carries one is refused
 * up front on both databases instead of failing in SQL.
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, `${path}[${index}]`]));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return path;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
