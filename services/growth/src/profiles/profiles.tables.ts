export interface ProfilesTable {
  id: string;
  user_id: string;
  relation: 'self' | 'other';
  display_name: string;
  birth_date: string;
  birth_time: string | null;
  birth_place: string | null;
  gender: string | null;
  relation_type: string | null;
  geo_lat: number | null;
  geo_lng: number | null;
  geo_visible: number;
  created_at: string;
  updated_at: string;
}

export interface ProfilesTables {
  profiles: ProfilesTable;
}
