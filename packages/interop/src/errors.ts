/**
 * Why a file was refused. Import never throws and never returns half a character: it is a
 * sheet and its report, or one of these, with a sentence a player can read.
 */
export type ImportErrorCode =
  | 'too-large'
  | 'not-text'
  | 'invalid-json'
  | 'too-deep'
  | 'reserved-key'
  | 'fari-scene'
  | 'fari-other'
  | 'unknown-format'
  | 'bad-fateboard-file'
  | 'unsupported-version'
  | 'not-a-character'
  | 'not-a-table'
  | 'bad-table-file'
  | 'not-a-scene'
  | 'empty-scene'
  | 'bad-scene';

export interface ImportError {
  code: ImportErrorCode;
  message: string;
}

export type Refused = { ok: false; error: ImportError };

export function refused(code: ImportErrorCode, message: string): Refused {
  return { ok: false, error: { code, message } };
}
