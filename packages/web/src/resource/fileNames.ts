import { createContext, useContext } from 'react';

/** Location → the name a file was uploaded with, as detail answers carry it (`fileNames`). */
export type FileNames = Readonly<Record<string, string>>;

/** The names of a record's stored files, from its detail answer (`fileNames`), or none. */
export function fileNamesOf(record: Readonly<Record<string, unknown>> | undefined): FileNames | undefined {
  const names = record?.fileNames;
  return names && typeof names === 'object' ? (names as FileNames) : undefined;
}

/** The names of the stored files of the record a form edits, for its file inputs. */
export const FileNamesContext = createContext<FileNames | undefined>(undefined);

export const useFileNames = () => useContext(FileNamesContext);
