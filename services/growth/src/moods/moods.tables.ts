export interface MoodsTable {
  id: string;
  user_id: string;
  /** `YYYY-MM-DD` in the account's time zone. */
  day: string;
  /** 1..5, or null while only a note has been written for the day. */
  score: number | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface MoodsTables {
  moods: MoodsTable;
}
