/**
 * The object's file in its form (`category.file`; spec section 2 'Firmware form'): once uploaded,
 * its name as a download link, its size ('{n} bytes') and its hash, shortened and copyable; until
 * then, for those who may modify the object, a control to choose it with the hashing and upload
 * progress and what went wrong. An immutable file never changes once uploaded, so the control goes
 * away; another may be replaced. An image is shown as well: the stored one from its download
 * address, a chosen one from the browser's copy before it is sent. Objects that hold no file
 * (FileSpec `only`) show nothing.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Link, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { RaRecord } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import { takesImage, type Category } from '../../schemas';
import { cacheBuster, downloadLargeFile, objectFilePath } from '../../dataProvider/download';
import { apiUrl } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { valueText } from '../list/valueText';
import { CopyButton } from './CopyButton';
import { holdsFile, type FileUpload, type Progress } from './useFileUpload';

/** Long enough to tell two hashes apart at a glance, short enough for one line. */
export const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

const percent = (p: Progress) => (p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100);

const ProgressLine = ({ progress, text }: { progress: Progress; text: string }) => (
  <Box>
    <LinearProgress variant="determinate" value={percent(progress)} aria-label={text} />
    <Typography variant="caption">{text}</Typography>
  </Box>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 90 }}>
      {label}
    </Typography>
    {children}
  </Stack>
);

const ChosenName = ({ file }: { file: File }) => (
  <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
    {file.name}
  </Typography>
);

const HashValue = ({ hash }: { hash: string }) => (
  <>
    <Typography variant="body2" component="span" title={hash} data-testid="file-hash" sx={{ fontFamily: 'monospace' }}>
      {shortHash(hash)}
    </Typography>
    <CopyButton small text={hash} label={ownMessages.copyHash} byHand={ownMessages.copyHashByHand} />
  </>
);

const Preview = ({ src, name }: { src: string; name: string }) => (
  <Box
    component="img"
    src={src}
    alt={ownMessages.imagePreview(name)}
    sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain', alignSelf: 'flex-start' }}
  />
);

/** The stored image from its download address, with a cache-busting r of its own (spec section 7). */
const StoredPreview = ({ address, name }: { address: string; name: string }) => {
  const [r] = useState(cacheBuster);
  return <Preview src={apiUrl(address, { r })} name={name} />;
};

const ChooseFile = ({ upload, label }: { upload: FileUpload; label: string }) => (
  <Button
    component="label"
    variant="outlined"
    size="small"
    startIcon={<UploadFileIcon />}
    disabled={upload.uploading !== undefined}
    sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
  >
    {label}
    <input
      hidden
      type="file"
      data-testid="file-input"
      onChange={(event) => {
        upload.choose(event.target.files?.[0]);
        // The same file chosen again after a cancel must still be seen as a change.
        event.target.value = '';
      }}
    />
  </Button>
);

export interface FileFieldProps {
  category: Category;
  record?: RaRecord;
  upload: FileUpload;
  /** The user may not modify the object here (view mode, not an admin). */
  readOnly: boolean;
  /** The form's problem with the file ('Uploading the file is required.'), once shown. */
  problem?: string;
}

export const FileField = ({ category, record, upload, readOnly, problem }: FileFieldProps) => {
  const { spec, chosen, hashing, hash, uploading, error, preview } = upload;
  const field = (name: string) => category.fields[name];
  const filename = record?.[spec.filename];
  const storedHash = record?.[spec.hash];
  const dateField = field(spec.date);
  const address = record && holdsFile(spec, record) ? objectFilePath('download', category, record.id) : undefined;
  // Another stored file is another preview, read afresh rather than from a cache.
  const version = `${String(filename)}|${String(storedHash)}|${String(record?.[spec.date])}`;

  if (upload.takes === false) return null;

  const download = () => {
    if (address) downloadLargeFile(address).catch((failure: unknown) => reportError(failure));
  };
  // The form's problem (a file is required) and what went wrong with the one chosen (not an image).
  const problems = [...new Set([problem, error].filter((text): text is string => text !== undefined && text !== ''))];
  const shownErrors = problems.map((text) => (
    <FormHelperText key={text} error>
      {text}
    </FormHelperText>
  ));
  const chosenFacts = (
    <>
      {chosen && (
        <Fact label={field(spec.size)?.label ?? spec.size}>
          <Typography variant="body2">{messages.fileSize(chosen.size)}</Typography>
        </Fact>
      )}
      {upload.image && preview && chosen && <Preview src={preview} name={chosen.name} />}
    </>
  );

  if (record && address) {
    const replaceable = !spec.immutable && !readOnly;
    return (
      <Stack spacing={1} component="section" aria-label={field(spec.filename)?.label}>
        <Fact label={field(spec.filename)?.label ?? spec.filename}>
          <Link component="button" type="button" variant="body2" onClick={download} sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
            {String(filename)}
          </Link>
        </Fact>
        <Fact label={field(spec.size)?.label ?? spec.size}>
          <Typography variant="body2">{messages.fileSize(Number(record[spec.size]))}</Typography>
        </Fact>
        {/* A date already among the read-only facts (a creation date) is not shown twice. */}
        {dateField && !dateField.shownReadOnly && (
          <Fact label={dateField.label}>
            <Typography variant="body2">{valueText(dateField, record[spec.date])}</Typography>
          </Fact>
        )}
        {typeof storedHash === 'string' && storedHash !== '' && (
          <Fact label={field(spec.hash)?.label ?? spec.hash}>
            <HashValue hash={storedHash} />
          </Fact>
        )}
        {/* The stored file is an image when the stored object says so, whatever the form now holds. */}
        {takesImage(spec, record) && !preview && <StoredPreview key={version} address={address} name={String(filename)} />}
        {replaceable && (
          <Fact label="">
            <ChooseFile upload={upload} label={ownMessages.replaceFile} />
            {chosen && <ChosenName file={chosen} />}
          </Fact>
        )}
        {replaceable && chosenFacts}
        {uploading && <ProgressLine progress={uploading} text={ownMessages.uploading(percent(uploading))} />}
        {replaceable && shownErrors}
      </Stack>
    );
  }
  if (readOnly) return null;

  return (
    <Stack spacing={1} component="section" aria-label={field(spec.filename)?.label}>
      <Fact label={field(spec.filename)?.label ?? spec.filename}>
        <ChooseFile upload={upload} label={ownMessages.chooseFile} />
        {chosen && <ChosenName file={chosen} />}
      </Fact>
      {chosenFacts}
      {hashing && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1 }}>
            <ProgressLine progress={hashing} text={ownMessages.hashing(percent(hashing))} />
          </Box>
          <Button size="small" onClick={upload.cancel}>
            {ownMessages.cancelHashing}
          </Button>
        </Stack>
      )}
      {hash && (
        <Fact label={field(spec.hash)?.label ?? spec.hash}>
          <HashValue hash={hash} />
        </Fact>
      )}
      {uploading && <ProgressLine progress={uploading} text={ownMessages.uploading(percent(uploading))} />}
      {shownErrors}
    </Stack>
  );
};
