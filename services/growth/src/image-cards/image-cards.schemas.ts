import { Type, type Static } from '@sinclair/typebox';
import { GrowthReportSchema } from '../reports/reports.mapper.ts';
import { IMAGE_CARD_SCENE_KEYS } from './image-card-scenes.ts';

/**
 * One `enum` rather than a union of literals, so a wrong value is reported as "must be equal to one of the allowed
 * values". Typed as a string: the service narrows it with `isSceneKey`.
 */
export const SceneKeySchema = Object.assign(
  Type.String({ description: `one of ${IMAGE_CARD_SCENE_KEYS.join(', ')}` }),
  { enum: [...IMAGE_CARD_SCENE_KEYS] },
);

export const ImageCardSceneSchema = Type.Object(
  { key: Type.String(), label: Type.String() },
  { $id: 'ImageCardScene' },
);
export type ImageCardScene = Static<typeof ImageCardSceneSchema>;

export const ImageCardQuotaSchema = Type.Object(
  { remaining: Type.Integer(), daily_free: Type.Integer(), unlimited: Type.Boolean() },
  { $id: 'ImageCardQuota' },
);

export const DrawBody = Type.Object({
  profile_id: Type.String({ format: 'uuid' }),
  scene: Type.Optional(SceneKeySchema),
  depth: Type.Optional(
    Type.Boolean({ description: 'Three-card spread (现在/阻碍/方向); its reading needs deep access' }),
  ),
});
export type DrawBody = Static<typeof DrawBody>;

export const DrawnCardSchema = Type.Object({
  position: Type.String(),
  position_label: Type.String(),
  key: Type.String(),
  title: Type.String(),
  image_prompt: Type.String(),
  description: Type.String(),
  questions: Type.Array(Type.String()),
});
export type DrawnCard = Static<typeof DrawnCardSchema>;

export const DrawResultSchema = Type.Object({
  report: GrowthReportSchema,
  cards: Type.Array(DrawnCardSchema),
  /** Free draws left today (members draw on when it is 0: see `quota.unlimited`). */
  quota_left: Type.Integer(),
  quota: ImageCardQuotaSchema,
});
export type DrawResult = Static<typeof DrawResultSchema>;
