/**
 * Where the error catalogue (src/dataProvider/errors.ts) shows its texts in the page, on every
 * route (signed in or not, the public QR page too): react-admin's notification slot. A failure is
 * an error snackbar that stays until closed, a newer failure replacing it (never queued behind it);
 * the 401's 'Please sign in before accessing this page.' is an in-page notice read before the home
 * page loads. Texts that failed before this was mounted are shown at once. react-admin's own
 * notifications keep their usual place.
 */
import { useEffect, useState } from 'react';
import { Notification } from 'react-admin';
import { Alert, Snackbar } from '@mui/material';
import { takeWaiting, setErrorUi, unsetPageErrorUi } from '../../dataProvider/errors';
import { ConfirmProvider } from '../confirm/ConfirmProvider';
import { useConfirm } from '../confirm/useConfirm';

interface Shown {
  text: string;
  /** A new failure with the same text is shown again (the snackbar re-opens). */
  key: number;
}

const PageErrors = () => {
  const confirm = useConfirm();
  const [shown, setShown] = useState<Shown>();
  useEffect(() => {
    const alert = (text: string) => setShown((current) => ({ text, key: (current?.key ?? 0) + 1 }));
    const notice = async (text: string) => {
      await confirm({ text, notice: true });
    };
    setErrorUi({ alert, notice });
    for (const { text, read } of takeWaiting()) {
      if (read) void notice(text).then(read);
      else alert(text);
    }
    return unsetPageErrorUi;
  }, [confirm]);
  const close = () => setShown(undefined);
  return (
    <Snackbar
      key={shown?.key}
      open={shown !== undefined}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Only its close button ends it: a click elsewhere must not hide what the user has not read.
      onClose={(_, reason) => reason !== 'clickaway' && close()}
    >
      <Alert severity="error" variant="filled" onClose={close} data-testid="page-error" sx={{ whiteSpace: 'pre-line', maxWidth: 600 }}>
        {shown?.text}
      </Alert>
    </Snackbar>
  );
};

export const PageNotification = () => (
  <ConfirmProvider>
    <PageErrors />
    <Notification />
  </ConfirmProvider>
);
