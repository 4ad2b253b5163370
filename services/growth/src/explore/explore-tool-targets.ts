/**
 * What an L3 tool of the explore catalog can open, and which targets are valid for each kind. Pure data and checks;
 * the service adds the checks that need the database (a `scale` target must name an existing scale).
 */
export const TOOL_KINDS = ['scale', 'report', 'image_card', 'feature'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** Report kinds a client can create (POST /reports/{kind}). */
export const REPORT_TARGETS = ['portrait', 'star', 'rhythm', 'synastry'] as const;

/** In-app features that are not a scale, report or card scene. */
export const FEATURE_TARGETS = ['moods', 'growth_plans', 'solar_terms', 'ask'] as const;

/**
 * Image-card scenes are owned by the image-card feature. Without its list (`isKnownScene`), an `image_card` target is
 * checked for shape only.
 */
const SCENE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

export function isToolKind(value: string): value is ToolKind {
  return (TOOL_KINDS as readonly string[]).includes(value);
}

/** Null when `target` fits `kind`; otherwise the reason, for a 400 naming the field. */
export function describeInvalidTarget(
  kind: ToolKind,
  target: string,
  isKnownScene?: (scene: string) => boolean,
): string | null {
  switch (kind) {
    case 'report':
      return (REPORT_TARGETS as readonly string[]).includes(target)
        ? null
        : `must be one of ${REPORT_TARGETS.join(', ')}`;
    case 'feature':
      return (FEATURE_TARGETS as readonly string[]).includes(target)
        ? null
        : `must be one of ${FEATURE_TARGETS.join(', ')}`;
    case 'image_card':
      if (isKnownScene) return isKnownScene(target) ? null : 'names no image-card scene';
      return SCENE_KEY_PATTERN.test(target) ? null : 'must be an image-card scene key';
    case 'scale':
      // Existence is checked against the scales table by the service.
      return null;
  }
}
