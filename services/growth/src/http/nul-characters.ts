import { AppError } from '../errors/app-error.ts';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route refuses control characters in its body itself, with the code the contract gives it (a nickname:
     * 40110, 40113), so the generic NUL check leaves its body alone.
     */
    refusesControlCharactersItself?: boolean;
  }
}

/** 400/10001 naming the field, e.g. `body.note must not contain the NUL character`. */
export function nulCharacterError(where: 'body' | 'querystring' | 'params', path: string): AppError {
  return new AppError('VALIDATION_FAILED', `${where}${path} must not contain the NUL character`);
}

/**
 * The URL's share of the check, for an onRequest hook: a NUL can only arrive percent-encoded, so requests without
 * `%00` in the URL (nearly all) pay one substring search. Routing has filled `params` by then.
 */
export function findNulCharacterInUrl(request: {
  url: string;
  params: unknown;
  query: unknown;
}): AppError | undefined {
  if (!request.url.includes('%00')) return undefined;
  const inParams = findNulCharacter(request.params);
  if (inParams !== undefined) return nulCharacterError('params', inParams);
  const inQuery = findNulCharacter(request.query);
  if (inQuery !== undefined) return nulCharacterError('querystring', inQuery);
  return undefined;
}
