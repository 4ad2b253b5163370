import { Type, type Static } from '@sinclair/typebox';
import { SceneKeySchema } from './image-cards.schemas.ts';

/** A depth draw lays three different cards, so a deck needs at least that many. */
export const MIN_DECK_CARDS = 3;
const MAX_DECK_CARDS = 200;
const MAX_QUESTIONS = 5;
const KEY_PATTERN = '^[a-z][a-z0-9_]{1,39}$';

const CardFields = {
  key: Type.String({ pattern: KEY_PATTERN, description: 'lowercase letters, digits, underscore; 2 to 40' }),
  title: Type.String({ minLength: 1, maxLength: 30 }),
  image_prompt: Type.String({ minLength: 1, maxLength: 300 }),
  description: Type.String({ minLength: 1, maxLength: 500 }),
  questions: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    minItems: 1,
    maxItems: MAX_QUESTIONS,
  }),
};

export const CardSchema = Type.Object(CardFields);
export type Card = Static<typeof CardSchema>;

export const PublicDeckSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    key: Type.String(),
    title: Type.String(),
    description: Type.String(),
    scenes: Type.Array(Type.String()),
    cards: Type.Array(CardSchema),
  },
  { $id: 'ImageCardDeck' },
);
export type PublicDeck = Static<typeof PublicDeckSchema>;

const adminDeckFields = {
  id: Type.String({ format: 'uuid' }),
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  scenes: Type.Array(Type.String()),
  sort: Type.Integer(),
  active: Type.Boolean(),
  card_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const AdminDeckSummarySchema = Type.Object(adminDeckFields);
export type AdminDeckSummary = Static<typeof AdminDeckSummarySchema>;

export const AdminDeckSchema = Type.Object({ ...adminDeckFields, cards: Type.Array(CardSchema) });
export type AdminDeck = Static<typeof AdminDeckSchema>;

const deckContentFields = {
  title: Type.String({ minLength: 1, maxLength: 30 }),
  description: Type.String({ maxLength: 1000 }),
  scenes: Type.Array(SceneKeySchema, { minItems: 1, uniqueItems: true }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  cards: Type.Array(CardSchema, { minItems: MIN_DECK_CARDS, maxItems: MAX_DECK_CARDS }),
};

/** A new deck starts disabled; an operator enables it once its content is reviewed. */
export const CreateDeckBody = Type.Object({
  key: Type.String({ pattern: KEY_PATTERN }),
  ...deckContentFields,
});
export type CreateDeckBody = Static<typeof CreateDeckBody>;

/** Replaces a deck's content, cards included (past draws keep their own copy of the cards they showed). */
export const UpdateDeckBody = Type.Object(deckContentFields);
export type UpdateDeckBody = Static<typeof UpdateDeckBody>;

// Any short id: an unknown one is simply not there (404).
export const DeckIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
