/**
 * A copy button for a code the user must pass on (the claim code): copyText works over plain http
 * too, and the short 'Copied' tells the user it worked, since nothing else on the page changes.
 */
import { useEffect, useState } from 'react';
import { IconButton, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ownMessages } from '../../messages';
import { copyText } from '../../resources/object/copyText';
import { reportError } from '../../dataProvider/errors';

export const CopyButton = ({ text, label, byHand }: { text: string; label: string; byHand: string }) => {
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
      <IconButton aria-label={label} onClick={() => void copy()}>
        <ContentCopyIcon />
      </IconButton>
      {copied && (
        <Typography variant="caption" role="status">
          {ownMessages.copied}
        </Typography>
      )}
    </>
  );
};
