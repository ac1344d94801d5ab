/**
 * The file an object holds (`category.file`), on its way from the user's disk to the server (spec
 * section 4 'Firmware save'): chosen, hashed at once in the browser (the hash goes into the form so
 * that the create or update sends it), then uploaded after the save with a progress bar. An upload
 * failure is logged and shown next to the control, never as an alert (spec section 7: "upload
 * failure ... only logged"); the object then no longer claims the hash of a file it has not got.
 */
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useLocation, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ownMessages } from '../../messages';
import { isEmptyValue, type Category, type FileSpec } from '../../schemas';
import { errorMessage, reportError } from '../../dataProvider/errors';
import { HttpError, isAbortError } from '../../dataProvider/http';
import { uploadFile, type UploadProgress } from '../../dataProvider/upload';
import type { ResourceOverride } from '../overrides';

export interface Progress {
  done: number;
  total: number;
}

export interface AfterSave {
  uploaded: boolean;
  /** What went wrong, as shown next to the control. */
  error?: string;
}

export interface FileUpload {
  spec: FileSpec;
  chosen?: File;
  /** While the chosen file is being hashed. */
  hashing?: Progress;
  /** The chosen file's hash, once computed. */
  hash?: string;
  uploading?: Progress;
  /** The last hashing or upload failure. */
  error?: string;
  choose: (file: File | undefined) => void;
  cancel: () => void;
  /** After a create or update: uploads the chosen file, if any. */
  afterSave: (saved: RaRecord) => Promise<AfterSave>;
}

/** The object holds its file: the upload set its name (before it, the hash is only announced). */
export const holdsFile = (spec: FileSpec, record: RaRecord | undefined): boolean => record !== undefined && !isEmptyValue(record[spec.filename]);

/** Navigation state that carries an upload failure to the edit page of an object just created. */
export interface FileErrorState {
  fileError?: string;
}

const toProgress = (p: UploadProgress): Progress => ({ done: p.loaded, total: p.total });

export function useFileUpload(category: Category, record: RaRecord | undefined, override: ResourceOverride): FileUpload | undefined {
  const spec = category.file;
  const dataProvider = useDataProvider();
  const { setValue } = useFormContext();
  const carried = (useLocation().state as FileErrorState | null)?.fileError;
  const [chosen, setChosen] = useState<File>();
  const [hashing, setHashing] = useState<Progress>();
  const [hash, setHash] = useState<string>();
  const [uploading, setUploading] = useState<Progress>();
  const [error, setError] = useState<string | undefined>(carried);
  const work = useRef<AbortController>(undefined);
  useEffect(() => () => work.current?.abort(), []);

  if (!spec) return undefined;

  const storedHash = record?.[spec.hash] ?? null;
  const start = () => {
    work.current?.abort();
    work.current = new AbortController();
    return work.current.signal;
  };
  const forget = () => {
    work.current?.abort();
    setChosen(undefined);
    setHashing(undefined);
    setHash(undefined);
    setValue(spec.hash, storedHash, { shouldDirty: true });
  };

  const choose = (file: File | undefined) => {
    forget();
    setError(undefined);
    if (!file) return;
    setChosen(file);
    if (!spec.hashFirst || !override.hashFile) return;
    const signal = start();
    setHashing({ done: 0, total: file.size });
    override
      .hashFile(file, { signal, onProgress: (p) => setHashing({ done: p.done, total: p.total }) })
      .then((hex) => {
        setHashing(undefined);
        setHash(hex);
        setValue(spec.hash, hex, { shouldDirty: true });
      })
      .catch((failure: unknown) => {
        if (isAbortError(failure)) return;
        forget();
        setError(errorMessage(failure));
      });
  };

  /** Spec section 4: the object created without its file gets one update that no longer claims the hash. */
  const unclaimHash = async (saved: RaRecord) => {
    if (!spec.hashFirst || holdsFile(spec, saved) || isEmptyValue(saved[spec.hash])) return;
    try {
      await dataProvider.update(category.key, { id: saved.id, data: { [spec.hash]: null }, previousData: saved, meta: { report: false } });
    } catch (failure) {
      console.error(failure);
    }
  };

  const afterSave = async (saved: RaRecord): Promise<AfterSave> => {
    if (!chosen) return { uploaded: true };
    setUploading({ done: 0, total: chosen.size });
    try {
      await uploadFile(`/upload/${category.key}/${encodeURIComponent(String(saved.id))}`, spec.part, chosen, {
        signal: start(),
        onProgress: (p) => setUploading(toProgress(p)),
      });
      setUploading(undefined);
      setChosen(undefined);
      return { uploaded: true };
    } catch (failure) {
      setUploading(undefined);
      if (failure instanceof HttpError && failure.status === 401) reportError(failure);
      else if (!isAbortError(failure)) console.error(failure);
      const shown = isAbortError(failure) ? undefined : ownMessages.uploadFailed(errorMessage(failure) ?? '');
      forget();
      setValue(spec.hash, null, { shouldDirty: true });
      setError(shown);
      await unclaimHash(saved);
      return { uploaded: false, error: shown };
    }
  };

  return { spec, chosen, hashing, hash, uploading, error, choose, cancel: () => choose(undefined), afterSave };
}
