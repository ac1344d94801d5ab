/**
 * A copy button for a value the user must pass on (a firmware's hash, a claim code): copyText works
 * over plain http too, and the short 'Copied' tells the user it worked, since nothing else changes.
 */
import { useEffect, useState } from 'react';
import { IconButton, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ownMessages } from '../../messages';
import { copyText } from './copyText';
import { reportError } from '../../dataProvider/errors';

export const CopyButton = ({ text, label, byHand, small }: { text: string; label: string; byHand: string; small?: boolean }) => {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    copyText(text, byHand).then(
      (done) => setCopied(done),
      (failure: unknown) => reportError(failure),
    );
  return (
    <>
      <IconButton size={small ? 'small' : 'medium'} aria-label={label} onClick={() => void copy()}>
        <ContentCopyIcon fontSize={small ? 'inherit' : 'medium'} />
      </IconButton>
      {copied && (
        <Typography variant="caption" role="status">
          {ownMessages.copied}
        </Typography>
      )}
    </>
  );
};
