import { findDefaultTemplate, type TemplateKind } from './template-catalog.ts';

export type TemplateVars = Readonly<Record<string, string | number>>;

/** An operator override of one template text. */
export interface TemplateOverride {
  kind: string;
  key: string;
  body: string;
}

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/**
 * The texts a report is written with: the code defaults, with the enabled operator overrides on top. Builders get
 * one and stay pure; the service loads the overrides. Rendering fills `{name}` placeholders and leaves unknown ones
 * as they are, so a typo in an override shows up in review rather than failing a report.
 */
export class TemplateBook {
  private readonly overrides = new Map<string, string>();

  constructor(overrides: readonly TemplateOverride[] = []) {
    for (const override of overrides)
      this.overrides.set(`${override.kind}\u0000${override.key}`, override.body);
  }

  /** The text of a template, or null when neither an override nor a default exists for the key. */
  find(kind: TemplateKind, key: string, vars: TemplateVars = {}): string | null {
    const body = this.overrides.get(`${kind}\u0000${key}`) ?? findDefaultTemplate(kind, key);
    if (body === undefined) return null;
    return body.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : whole,
    );
  }

  /** Like find, for keys the builders always generate from a complete table; a miss is a programming error. */
  render(kind: TemplateKind, key: string, vars: TemplateVars = {}): string {
    const text = this.find(kind, key, vars);
    if (text === null) throw new Error(`report template ${kind}:${key} is missing`);
    return text;
  }
}
