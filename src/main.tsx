/**
 * The one script every page load starts with, kept tiny (no React, react-admin, MUI or @rjsf): it
 * sends the startup reads at once, then shows the public pages from their chunk (src/entry/), which
 * load the console's chunk once someone is signed in.
 */
import { documentTitle } from './documentTitle';
import { ownMessages } from './messages';
import { withChunkTimeout } from './chunkTimeout';
import { startReads } from './entry/startup';

document.title = documentTitle();
startReads();

const root = document.getElementById('root')!;

/** Without React there is nothing else to show: the reason, and Retry as a new page load. */
function showFailure(): void {
  const text = document.createElement('p');
  text.textContent = ownMessages.chunkLoadFailed;
  const retry = document.createElement('button');
  retry.textContent = ownMessages.retry;
  retry.addEventListener('click', () => window.location.reload());
  root.replaceChildren(text, retry);
}

withChunkTimeout(() => import('./entry/render')).then(({ render }) => render(root), showFailure);
