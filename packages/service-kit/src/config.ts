import type { Static, TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Raised when the environment does not satisfy a service's config schema; names the variable at fault. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Environment = Record<string, string | undefined>;

/**
 * Reads the variables a schema names from the environment. The TypeBox schema is both the validation and the
 * type: keys are the environment variable names, defaults come from the schema, strings are converted to the
 * declared types, and the first violation stops start-up with the variable's name.
 */
export function loadConfig<T extends TObject>(schema: T, env: Environment = process.env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const firstError = Value.Errors(schema, converted).First();
  if (firstError) {
    const variable = firstError.path.replace(/^\//, '').split('/')[0] || '(root)';
    const shown = env[variable];
    throw new ConfigError(variable, `${firstError.message}${shown === undefined ? '' : ` (got "${shown}")`}`);
  }
  return converted as Static<T>;
}
