/**
 * Shapes of the decks the service ships. The content is our own: the classic projective decks (OH cards and their
 * kin) are copyrighted, so every title, picture description and question here was written for this product.
 */
import type { ImageCardSceneKey } from '../image-card-scenes.ts';

export interface CardContent {
  key: string;
  title: string;
  /** What the picture shows, for the illustrator (or an image model) and for screen readers. */
  imagePrompt: string;
  /** What the picture may evoke; an invitation, never a verdict. */
  description: string;
  /** Open reflection questions. */
  questions: string[];
}

export interface DeckContent {
  key: string;
  title: string;
  description: string;
  /** Scenes this deck is drawn for. */
  scenes: ImageCardSceneKey[];
  cards: CardContent[];
}

/** Compact card notation for the deck files: key, title, picture, evocation, questions. */
export function card(
  key: string,
  title: string,
  imagePrompt: string,
  description: string,
  questions: string[],
): CardContent {
  return { key, title, imagePrompt, description, questions };
}
