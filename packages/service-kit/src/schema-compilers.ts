import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type RouteSchema = { schema?: unknown };
type CompilerBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => unknown;

/**
 * Fastify compiles every route's validators and serializers when an app starts, and by default anew for each app
 * instance. What it compiles depends only on the schema, the shared schemas and the compiler options, so one process
 * compiles each distinct schema once: a test run, which builds hundreds of apps, stops paying for the same work again
 * and again. A production process builds one app and behaves as with Fastify's defaults.
 */
function memoizeCompilerBuilder(build: CompilerBuilder): CompilerBuilder {
  const compilers = new Map<string, Map<string, unknown>>();
  return (externalSchemas, options) => {
    const setupKey = JSON.stringify([externalSchemas ?? {}, options ?? {}, describePlugins(options)]);
    const compile = build(externalSchemas, options);
    const cache = compilers.get(setupKey) ?? new Map<string, unknown>();
    compilers.set(setupKey, cache);
    return (route) => {
      const schemaKey = JSON.stringify(route.schema);
      let result = cache.get(schemaKey);
      if (result === undefined) {
        result = compile(route);
        cache.set(schemaKey, result);
      }
      return result;
    };
  };
}

/** Ajv plugins are functions, which JSON leaves out: their names keep two setups apart. */
function describePlugins(options: unknown): string[] {
  if (typeof options !== 'object' || options === null || !('plugins' in options)) return [];
  const { plugins } = options;
  if (!Array.isArray(plugins)) return [];
  return plugins.map((plugin: unknown) => {
    const entry: unknown = Array.isArray(plugin) ? plugin[0] : plugin;
    return typeof entry === 'function' ? entry.name : String(entry);
  });
}

/** Pass as Fastify's `schemaController.compilersFactory`. */
export const sharedSchemaCompilers = {
  buildValidator: memoizeCompilerBuilder(AjvCompiler() as unknown as CompilerBuilder),
  buildSerializer: memoizeCompilerBuilder(SerializerSelector() as unknown as CompilerBuilder),
} as unknown as CompilersFactory;
