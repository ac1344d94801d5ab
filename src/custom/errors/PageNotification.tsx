/**
 * Where the error catalogue (src/dataProvider/errors.ts) shows its texts in the page, on every
 * route (signed in or not, the public QR page too): react-admin's notification slot, so a failure
 * is an error snackbar that stays until dismissed, and the 401's 'Please sign in before accessing
 * this page.' an in-page notice read before the home page loads. Texts that failed before this
 * was mounted are shown at once.
 */
import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
import { takeWaiting, setErrorUi, unsetPageErrorUi } from '../../dataProvider/errors';
import { ConfirmProvider } from '../confirm/ConfirmProvider';
import { useConfirm } from '../confirm/useConfirm';

/** The extra message of spec section 8 is on a new line: the snackbar keeps the line breaks. */
const keepLines = { '& .MuiSnackbarContent-message': { whiteSpace: 'pre-line' } } as const;

const ErrorUiBridge = () => {
  const notify = useNotify();
  const confirm = useConfirm();
  useEffect(() => {
    // messageArgs._: the text is shown as is, not looked up as a translation key.
    const alert = (text: string) => notify(text, { type: 'error', autoHideDuration: null, messageArgs: { _: text } });
    const notice = async (text: string) => {
      await confirm({ text, notice: true });
    };
    setErrorUi({ alert, notice });
    for (const { text, read } of takeWaiting()) {
      if (read) void notice(text).then(read);
      else alert(text);
    }
    return unsetPageErrorUi;
  }, [notify, confirm]);
  return null;
};

export const PageNotification = () => (
  <ConfirmProvider>
    <ErrorUiBridge />
    <Notification multiLine sx={keepLines} />
  </ConfirmProvider>
);
