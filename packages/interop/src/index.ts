// The public door of @fateboard/interop: named exports only.

export type { ImportError, ImportErrorCode } from './errors';
export type { ImportReport, ImportResult, PlayState, PortableCharacter } from './portable';
export { portableOf } from './portable';
export type { AdaptOptions } from './adapt';
export { importCharacter } from './import';
export type { TableImport } from './for-table';
export { importForTable, startingFatePoints } from './for-table';
export { MAX_DEPTH, MAX_FILE_BYTES } from './safe-json';
export type { FateboardCharacterFile } from './export/fateboard';
export {
  FATEBOARD_FORMAT,
  FATEBOARD_VERSION,
  FateboardCharacterFileSchema,
  toFateboardFile,
} from './export/fateboard';
export type { FariCharacterFile } from './export/fari';
export { toFariFile } from './export/fari';
export { plainLine, plainText } from './text';
export type { TableExport, TableFileRead } from './table/file';
export type { TableFile, TableFileImage, TableLogEntry } from './table/schema';
export {
  MAX_TABLE_DOCUMENTS_BYTES,
  MAX_TABLE_FILE_BYTES,
  MAX_TABLE_FILE_WITH_IMAGES_BYTES,
  MAX_TABLE_IMAGES_BYTES,
  MAX_TABLE_VALUES,
  TABLE_FORMAT,
  TABLE_VERSION,
} from './table/limits';
export { TableFileSchema } from './table/schema';
export { readTableFile, toTableFile } from './table/file';
export type { FariScene, SceneCard, SceneCommand, SceneResult } from './fari/scene';
export { MAX_SCENE_CARDS, importFariScene, sceneCommands } from './fari/scene';
