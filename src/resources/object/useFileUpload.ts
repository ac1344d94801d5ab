/**
 * The file an object holds (`category.file`), on its way from the user's disk to the server (spec
 * section 4 'Firmware save'): chosen, hashed at once in the browser (the hash goes into the form so
 * that the create or update sends it), then uploaded after the save with a progress bar. An upload
 * failure is logged and shown next to the control, never as an alert (spec section 7: "upload
 * failure ... only logged"); the object then no longer claims the hash of a file it has not got.
 * A FileSpec with `only` holds a file for some objects only (by the form's values), and one with
 * `image` must hold an image: the chosen file's first bytes are checked before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useLocation, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ownMessages } from '../../messages';
import { isEmptyValue, takesFile, takesImage, type Category, type FileSpec } from '../../schemas';
import { imageKind, IMAGE_SNIFF_BYTES } from '../../schemas/imageKind';
import { objectFilePath } from '../../dataProvider/download';
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
  /** The last hashing or upload failure, or a chosen file that is not the image asked for. */
  error?: string;
  /** The form's values hold a file (FileSpec `only`); absent means they do. */
  takes?: boolean;
  /** The file must be an image (FileSpec `image`): the form shows it. */
  image?: boolean;
  /** An address showing the chosen image before it is uploaded (an object URL). */
  preview?: string;
  choose: (file: File | undefined) => void;
  cancel: () => void;
  /** After a create or update: uploads the chosen file, if any. */
  afterSave: (saved: RaRecord) => Promise<AfterSave>;
}

/** The object holds its file: the upload set its name (before it, the hash is only announced). */
export const holdsFile = (spec: FileSpec, record: RaRecord | undefined): boolean => record !== undefined && !isEmptyValue(record[spec.filename]);

/** The object may be saved without an upload: it holds its file, or the stored value standing in for one (FileSpec `orField`). */
export const hasFileOrStandIn = (spec: FileSpec, record: RaRecord | undefined): boolean =>
  holdsFile(spec, record) || (spec.orField !== undefined && record !== undefined && !isEmptyValue(record[spec.orField]));

/** Navigation state that carries an upload failure to the edit page of an object just created. */
export interface FileErrorState {
  fileError?: string;
}

const toProgress = (p: UploadProgress): Progress => ({ done: p.loaded, total: p.total });

/** The first bytes of a file, read the way every browser (and jsdom) supports. */
function firstBytes(file: Blob, n: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/** An object URL of the chosen image while it is chosen, revoked when it no longer is. */
function usePreview(file: File | undefined, shown: boolean): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || !shown) return undefined;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [file, shown]);
  return url;
}

export function useFileUpload(category: Category, record: RaRecord | undefined, override: ResourceOverride): FileUpload | undefined {
  const spec = category.file;
  const dataProvider = useDataProvider();
  const { setValue } = useFormContext();
  const carried = (useLocation().state as FileErrorState | null)?.fileError;
  const values = useWatch() as Record<string, unknown>;
  const [chosen, setChosen] = useState<File>();
  /** The chosen file is a PNG, JPEG, WebP or GIF by its first bytes. */
  const [chosenIsImage, setChosenIsImage] = useState(false);
  const [hashing, setHashing] = useState<Progress>();
  const [hash, setHash] = useState<string>();
  const [uploading, setUploading] = useState<Progress>();
  const [error, setError] = useState<string | undefined>(carried);
  const work = useRef<AbortController>(undefined);
  useEffect(() => () => work.current?.abort(), []);
  const takes = spec === undefined || takesFile(spec, values);
  const image = spec !== undefined && takesImage(spec, values);
  const preview = usePreview(chosen, image && chosenIsImage);
  // A file chosen as a plain file is dropped when the object turns into an image it is not.
  const notImage = image && chosen !== undefined && !chosenIsImage;
  useEffect(() => {
    if (!notImage) return;
    setChosen(undefined);
    setError(ownMessages.imageNotSupported);
  }, [notImage]);

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

  const choose = async (file: File | undefined) => {
    forget();
    setError(undefined);
    if (!file) return;
    // Only a category whose files may have to be images reads them (the object may turn into one).
    let isImage = false;
    try {
      if (spec.image) isImage = imageKind(await firstBytes(file, IMAGE_SNIFF_BYTES)) !== undefined;
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    // SVG and anything else an image's name or browser type may claim is refused here, before sending.
    if (image && !isImage) {
      setError(ownMessages.imageNotSupported);
      return;
    }
    setChosenIsImage(isImage);
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
    // A file chosen before the object was turned into one that holds none (a Text document) stays home.
    if (!chosen || !takesFile(spec, saved)) return { uploaded: true };
    setUploading({ done: 0, total: chosen.size });
    try {
      await uploadFile(objectFilePath('upload', category, saved.id), spec.part, chosen, {
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

  return {
    spec,
    chosen,
    hashing,
    hash,
    uploading,
    error,
    takes,
    image,
    preview,
    choose: (file) => void choose(file),
    cancel: () => void choose(undefined),
    afterSave,
  };
}
