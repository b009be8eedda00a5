import { useMemo, useRef } from 'react';
import { FileUpload, type FileUploadProps, type UploadedFile } from '../widgets';
import { useFileNames } from './fileNames';
import { toUploadedFile } from './StoredFileList';

type Props = Omit<FileUploadProps, 'value' | 'onChange'> & {
  value?: readonly string[] | null;
  onChange?: (locations: string[]) => void;
};

/** The upload widget for a field that stores file locations (`string[]`), as the contracts declare files. */
export function StoredFilesInput({ value, onChange, ...props }: Props) {
  // Files uploaded in this form keep the name they were chosen with; stored ones the name the record's
  // answer gives them.
  const names = useFileNames();
  const known = useRef(new Map<string, UploadedFile>());
  const files = useMemo(
    () => (value ?? []).map((location) => known.current.get(location) ?? toUploadedFile(location, names)),
    [value, names],
  );
  const change = (next: UploadedFile[]) => {
    for (const file of next) known.current.set(file.fileLocation, file);
    onChange?.(next.map((file) => file.fileLocation));
  };
  return <FileUpload {...props} value={files} onChange={change} />;
}
