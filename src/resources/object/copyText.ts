/**
 * Copies text for the user. navigator.clipboard exists only in a secure context (https or
 * localhost); a console reached over plain http on the local network copies through a selected
 * text area instead, and where the browser refuses that too the text is offered to copy by hand.
 * Resolves whether the text was copied.
 */
export async function copyText(text: string, byHand: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return true;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.focus();
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
  if (!copied) window.prompt(byHand, text);
  return copied;
}
