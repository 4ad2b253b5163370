import { Type, type Static } from '@sinclair/typebox';
import { SceneSchema } from '../ask/ask.schemas.ts';

const Instant = Type.String({ format: 'date-time' });

export const SystemPromptSchema = Type.Object({
  id: Type.String(),
  scene: Type.String(),
  name: Type.String(),
  template: Type.String(),
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type SystemPromptView = Static<typeof SystemPromptSchema>;

const PromptName = Type.String({ minLength: 1, maxLength: 80 });
const Template = Type.String({
  minLength: 1,
  maxLength: 4000,
  description:
    'placeholders {{display_name}} {{sun_sign}} {{moon_sign}} {{ascendant_sign}} {{scene_label}} {{scene}} {{topic}}; lines starting with 开场： or 收尾： become the rule engine’s openings and closings',
});

export const CreateSystemPromptBody = Type.Object({
  scene: SceneSchema,
  name: PromptName,
  template: Template,
  /** Enabling a prompt disables the scene's other prompts: a scene speaks with one voice at a time. */
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateSystemPromptBody = Static<typeof CreateSystemPromptBody>;

export const UpdateSystemPromptBody = Type.Object(
  { scene: Type.Optional(SceneSchema), name: Type.Optional(PromptName), template: Type.Optional(Template) },
  { minProperties: 1 },
);
export type UpdateSystemPromptBody = Static<typeof UpdateSystemPromptBody>;

export const KnowledgeSourceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type KnowledgeSourceView = Static<typeof KnowledgeSourceSchema>;

const SourceName = Type.String({ minLength: 1, maxLength: 60 });
const SourceDescription = Type.String({ maxLength: 500 });

export const CreateKnowledgeSourceBody = Type.Object({
  name: SourceName,
  description: Type.Optional(SourceDescription),
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateKnowledgeSourceBody = Static<typeof CreateKnowledgeSourceBody>;

export const UpdateKnowledgeSourceBody = Type.Object(
  { name: Type.Optional(SourceName), description: Type.Optional(SourceDescription) },
  { minProperties: 1 },
);
export type UpdateKnowledgeSourceBody = Static<typeof UpdateKnowledgeSourceBody>;

export const KnowledgeChunkSchema = Type.Object({
  id: Type.String(),
  source_id: Type.String(),
  scene: Type.String(),
  title: Type.String(),
  content: Type.String(),
  tags: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type KnowledgeChunkView = Static<typeof KnowledgeChunkSchema>;

const ChunkTitle = Type.String({ minLength: 1, maxLength: 80 });
const ChunkContent = Type.String({ minLength: 1, maxLength: 2000 });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 20 });
const SourceId = Type.String({ minLength: 1, maxLength: 64 });

export const CreateKnowledgeChunkBody = Type.Object({
  source_id: SourceId,
  scene: SceneSchema,
  title: ChunkTitle,
  content: ChunkContent,
  tags: Type.Optional(Tags),
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateKnowledgeChunkBody = Static<typeof CreateKnowledgeChunkBody>;

export const UpdateKnowledgeChunkBody = Type.Object(
  {
    source_id: Type.Optional(SourceId),
    scene: Type.Optional(SceneSchema),
    title: Type.Optional(ChunkTitle),
    content: Type.Optional(ChunkContent),
    tags: Type.Optional(Tags),
  },
  { minProperties: 1 },
);
export type UpdateKnowledgeChunkBody = Static<typeof UpdateKnowledgeChunkBody>;

const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const AiToolSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  parameters: JsonObject,
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type AiToolView = Static<typeof AiToolSchema>;

const ToolName = Type.String({
  pattern: '^[a-z][a-z0-9_]{1,63}$',
  description: 'snake_case function name, as function-calling APIs require',
});
const ToolDescription = Type.String({ minLength: 1, maxLength: 1000 });
const ToolParameters = Type.Record(Type.String(), Type.Unknown(), {
  description: 'JSON Schema of the arguments: an object schema ({ "type": "object", "properties": {...} })',
});

export const CreateAiToolBody = Type.Object({
  name: ToolName,
  description: ToolDescription,
  parameters: ToolParameters,
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateAiToolBody = Static<typeof CreateAiToolBody>;

export const UpdateAiToolBody = Type.Object(
  {
    name: Type.Optional(ToolName),
    description: Type.Optional(ToolDescription),
    parameters: Type.Optional(ToolParameters),
  },
  { minProperties: 1 },
);
export type UpdateAiToolBody = Static<typeof UpdateAiToolBody>;
