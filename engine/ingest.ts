/** Data in as the 数据接入 screen receives it (GET /api/ingest-keys, GET /api/ingest-log). */

/** The screen's menu and permission id (head office only) and its route. */
export const INGEST_MENU_ID = 'j-system-ingest';
export const INGEST_PATH = '/j-system-ingest';

/** An ingest key as listed: never its secret, which is shown once, when it is created. */
export interface IngestKeyView {
  key_id: number;
  key_name: string;
  /** the secret's first characters, to tell keys apart */
  key_prefix: string;
  tables: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedIngestKey extends IngestKeyView {
  /** the whole secret: shown this once */
  secret: string;
}

export type IngestStatus = 'done' | 'refused' | 'repeated';

export interface IngestLogEntry {
  log_id: number;
  source: 'file' | 'push';
  /** the pushing key's name; null for a file load */
  key_name: string | null;
  tables: { table: string; rows: number }[];
  rows_accepted: number;
  rows_rejected: number;
  status: IngestStatus;
  started_at: string;
  duration_ms: number;
  has_rejects: boolean;
}

/** A key's name: what the create form checks and the server checks again. */
export const KEY_NAME_MAX = 64;
