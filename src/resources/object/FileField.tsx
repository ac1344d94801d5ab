/**
 * The object's file in its form (`category.file`; spec section 2 'Firmware form'): once uploaded,
 * its name as a download link, its size ('{n} bytes') and its hash, shortened and copyable; until
 * then, for those who may modify the object, a control to choose it with the hashing and upload
 * progress and what went wrong. The file never changes once uploaded, so the control goes away.
 */
import type { ReactNode } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Link, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { RaRecord } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import type { Category } from '../../schemas';
import { downloadLargeFile } from '../../dataProvider/download';
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

const HashValue = ({ hash }: { hash: string }) => (
  <>
    <Typography variant="body2" component="span" title={hash} data-testid="file-hash" sx={{ fontFamily: 'monospace' }}>
      {shortHash(hash)}
    </Typography>
    <CopyButton small text={hash} label={ownMessages.copyHash} byHand={ownMessages.copyHashByHand} />
  </>
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
  const { spec, chosen, hashing, hash, uploading, error } = upload;
  const field = (name: string) => category.fields[name];
  const filename = record?.[spec.filename];
  const storedHash = record?.[spec.hash];
  const dateField = field(spec.date);

  const download = () => {
    downloadLargeFile(`/download/${category.key}/${encodeURIComponent(String(record?.id))}`).catch((failure: unknown) => reportError(failure));
  };

  if (record && holdsFile(spec, record)) {
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
      </Stack>
    );
  }
  if (readOnly) return null;

  const shownError = problem ?? error;
  return (
    <Stack spacing={1} component="section" aria-label={field(spec.filename)?.label}>
      <Fact label={field(spec.filename)?.label ?? spec.filename}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={uploading !== undefined}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {ownMessages.chooseFile}
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
        {chosen && (
          <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {chosen.name}
          </Typography>
        )}
      </Fact>
      {chosen && (
        <Fact label={field(spec.size)?.label ?? spec.size}>
          <Typography variant="body2">{messages.fileSize(chosen.size)}</Typography>
        </Fact>
      )}
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
      {shownError && <FormHelperText error>{shownError}</FormHelperText>}
    </Stack>
  );
};
