export interface ImageCardDecksTable {
  id: string;
  key: string;
  title: string;
  description: string;
  /** JSON array of scene keys the deck is drawn for. */
  scenes_json: string;
  sort: number;
  /** 0/1: only active decks are listed publicly and drawn from. */
  active: number;
  created_at: string;
  updated_at: string;
}

export interface ImageCardCardsTable {
  id: string;
  deck_id: string;
  key: string;
  title: string;
  image_prompt: string;
  description: string;
  /** JSON array of reflection questions. */
  questions_json: string;
  sort: number;
}

/** One row per draw: what was drawn, from which deck, with which seed, and the report it was stored as. */
export interface ImageCardDrawsTable {
  id: string;
  user_id: string;
  profile_id: string;
  report_id: string;
  scene: string;
  depth: number;
  deck_id: string;
  /** Random seed (hex) the cards were chosen from; the same seed over the same deck gives the same cards. */
  seed: string;
  /** JSON array of the drawn card keys, in spread order. */
  card_keys_json: string;
  created_at: string;
}

export interface ImageCardsTables {
  image_card_decks: ImageCardDecksTable;
  image_card_cards: ImageCardCardsTable;
  image_card_draws: ImageCardDrawsTable;
}
