import { useRef, useState } from 'react';
import { errorMessage } from '../api/errorMessage';
import type { UploadedFile, UploadFileFn } from '../api/widgetApi';
import { fileExtension } from './fileRules';

export interface PendingUpload {
  uid: string;
  name: string;
  percent: number;
}

interface Options {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  upload: UploadFileFn;
  onError: (message: string) => void;
}

/** The files of a field plus those still on their way, each with its progress. */
export function useFileUploads({ value, onChange, upload, onError }: Options) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Uploads finishing before the next render must add to each other, not to the same stale value.
  const latest = useRef(value);
  latest.current = value;

  const change = (files: UploadedFile[]) => {
    latest.current = files;
    onChange(files);
  };

  const start = async (uid: string, file: File) => {
    const setPercent = (percent: number) =>
      setPending((items) => items.map((item) => (item.uid === uid ? { ...item, percent } : item)));
    setPending((items) => [...items, { uid, name: file.name, percent: 0 }]);
    try {
      const stored = await upload(file, setPercent);
      const added: UploadedFile = {
        fileLocation: stored.fileLocation,
        attachmentName: file.name,
        fileExtensions: fileExtension(file.name),
      };
      const url = stored.fileTempUrl ?? stored.url;
      if (url) added.url = url;
      change([...latest.current, added]);
    } catch (error) {
      const text = errorMessage(error);
      if (text) onError(text);
    } finally {
      setPending((items) => items.filter((item) => item.uid !== uid));
    }
  };

  const remove = (file: UploadedFile) => change(latest.current.filter((item) => item !== file));

  return { pending, start, remove };
}
