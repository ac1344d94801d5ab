/**
 * In-page dialogs instead of the browser's confirm and alert boxes (issue 13 item 5): one dialog
 * for the whole console, asked through `useConfirm()` (./useConfirm.ts). A confirmation says what
 * will happen (its text, which may hold several lines) and may ask for a name to be typed before
 * its button is enabled (a type's cascade delete); a notice only has OK.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { ConfirmContext, type ConfirmOptions } from './useConfirm';

interface Asked extends ConfirmOptions {
  answer: (yes: boolean) => void;
}

export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [typed, setTyped] = useState('');
  const queue = useRef<Asked[]>([]);
  const ask = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        const next: Asked = { ...options, answer: resolve };
        setAsked((current) => {
          if (current) {
            queue.current.push(next);
            return current;
          }
          return next;
        });
        setTyped('');
      }),
    [],
  );
  const answer = (yes: boolean) => {
    if (!asked) return;
    asked.answer(yes);
    setTyped('');
    setAsked(queue.current.shift() ?? null);
  };
  const mustType = asked?.typeToConfirm;
  const canConfirm = mustType === undefined || typed.trim() === mustType.trim();
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog open={asked !== null} onClose={() => answer(false)} aria-labelledby="pucs-confirm-title" aria-describedby="pucs-confirm-text" maxWidth="sm" fullWidth>
        {asked && (
          <>
            <DialogTitle id="pucs-confirm-title">{asked.title ?? (asked.notice ? ownMessages.noticeTitle : ownMessages.confirmTitle)}</DialogTitle>
            <DialogContent>
              <DialogContentText id="pucs-confirm-text" sx={{ whiteSpace: 'pre-line' }}>
                {asked.text}
              </DialogContentText>
              {mustType !== undefined && (
                <TextField
                  autoFocus
                  fullWidth
                  margin="normal"
                  label={ownMessages.typeToConfirm(mustType)}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  inputProps={{ autoComplete: 'off', spellCheck: false }}
                />
              )}
            </DialogContent>
            <DialogActions>
              {!asked.notice && <Button onClick={() => answer(false)}>{messages.cancel}</Button>}
              <Button
                onClick={() => answer(true)}
                disabled={!canConfirm}
                color={asked.danger ? 'error' : 'primary'}
                variant="contained"
                autoFocus={mustType === undefined}
              >
                {asked.confirmLabel ?? ownMessages.ok}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </ConfirmContext.Provider>
  );
};
