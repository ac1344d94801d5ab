/**
 * The device form's label panel against a fake /api: the preview and the three downloads send the
 * spec's paths, translation query and template body; an invalid translation is sent as 0; a failed
 * custom label shows the server's Description with the spec's hint on a new line; an empty
 * template is refused without a request. A device without a QR code gets a plain hint and no label
 * call (issue 27: the server could only refuse it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { DEFAULT_LABEL_TEMPLATE } from '../../src/custom/labels';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { reachability } from '../../src/dataProvider/http';
import { LabelPanel } from '../../src/resources/device/LabelPanel';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const category = mustGetCategory('device');
const panel = (record?: { id: number }, isAdmin = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LabelPanel category={category} record={record} mode="view" isAdmin={isAdmin} refresh={() => {}} />
    </QueryClientProvider>,
  );

const svg = (name: string) =>
  new Response('<svg xmlns="http://www.w3.org/2000/svg" width="55mm" height="23mm"/>', {
    headers: { 'content-type': 'image/svg+xml', 'content-disposition': `attachment; filename="${name}"` },
  });

// jsdom has no object URLs: URL lends the two functions to this file's tests only.
const savedUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const alert = vi.fn();
let saved: string[];
let calls: RecordedCall[];
let customAnswer: () => Response;
let qrAnswer: () => Response | Promise<Response>;

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:label-${++n}`);
  URL.revokeObjectURL = vi.fn();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  customAnswer = () => svg('device-7-custom.svg');
  qrAnswer = () => jsonResponse({ id: 'qr7', url: 'https://pucs.example' });
  calls = installFetch(({ url }) => {
    if (url.pathname === '/api/device_qr_code/7') return qrAnswer();
    const kind = /\/api\/download\/(\w+)_label\/7$/.exec(url.pathname)?.[1];
    return kind === 'custom' ? customAnswer() : svg(`device-7-${kind}.svg`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetErrorUi();
  // A test that cut the server off leaves no probe behind.
  reachability.answered();
  URL.createObjectURL = savedUrl.create;
  URL.revokeObjectURL = savedUrl.revoke;
});

const labelCalls = (kind: string) => calls.filter((c) => c.url.pathname === `/api/download/${kind}_label/7`);
const query = (call: RecordedCall) => [call.url.searchParams.get('translate_x_in'), call.url.searchParams.get('translate_y_in')];
const previewSrc = () => screen.queryByRole('img', { name: ownMessages.labelPreviewAlt })?.getAttribute('src');
const templateBox = () => screen.getByLabelText(ownMessages.labelTemplate) as HTMLTextAreaElement;
const openCustom = () => {
  fireEvent.click(screen.getByLabelText(ownMessages.labelAdvanced));
  fireEvent.click(screen.getByLabelText(ownMessages.labelCustomTemplate));
};

describe('LabelPanel', () => {
  it('shows nothing while a device is being added', () => {
    panel();
    expect(screen.queryByText(ownMessages.label)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('previews the detailed label as an image and downloads the detailed and model labels under the server names', async () => {
    panel({ id: 7 });
    await waitFor(() => expect(previewSrc()).toBe('blob:label-1'));
    expect(query(labelCalls('detailed')[0])).toEqual(['0', '0']);
    // Spec section 2: the three download buttons, the custom one with the template as it stands.
    expect(screen.getByText(ownMessages.downloadCustomLabel)).toBeTruthy();

    fireEvent.click(screen.getByText(ownMessages.downloadDetailedLabel));
    await waitFor(() => expect(saved).toEqual(['device-7-detailed.svg']));
    await waitFor(() => expect(screen.getByText(ownMessages.downloadModelLabel).closest('button')?.disabled).toBe(false));
    fireEvent.click(screen.getByText(ownMessages.downloadModelLabel));
    await waitFor(() => expect(saved).toEqual(['device-7-detailed.svg', 'device-7-model.svg']));
    expect(query(labelCalls('model')[0])).toEqual(['0', '0']);
    const downloads = calls.filter((c) => c.url.pathname.startsWith('/api/download/'));
    expect(downloads.every((c) => c.method === 'GET' && c.url.searchParams.get('r'))).toBe(true);
  });

  it('sends the translation in inches, an invalid number as 0, to the preview and the downloads', async () => {
    panel({ id: 7 });
    await waitFor(() => expect(labelCalls('detailed')).toHaveLength(1));
    fireEvent.click(screen.getByLabelText(ownMessages.labelAdvanced));
    fireEvent.change(screen.getByLabelText(ownMessages.labelTranslateX), { target: { value: ' 1.25 ' } });
    fireEvent.change(screen.getByLabelText(ownMessages.labelTranslateY), { target: { value: 'two' } });
    await waitFor(() => expect(query(labelCalls('detailed').at(-1)!)).toEqual(['1.25', '0']));
    await waitFor(() => expect(previewSrc()).toBe(`blob:label-${labelCalls('detailed').length}`));

    fireEvent.click(screen.getByText(ownMessages.downloadModelLabel));
    await waitFor(() => expect(saved).toEqual(['device-7-model.svg']));
    expect(query(labelCalls('model')[0])).toEqual(['1.25', '0']);
  });

  it('previews and downloads the custom label from the template, starting from the default one in 8 rows', async () => {
    panel({ id: 7 });
    openCustom();
    expect(templateBox().value).toBe(DEFAULT_LABEL_TEMPLATE);
    expect(templateBox().getAttribute('rows')).toBe('8');
    await waitFor(() => expect(labelCalls('custom')).toHaveLength(1));
    expect(labelCalls('custom')[0].method).toBe('POST');
    expect(labelCalls('custom')[0].body).toEqual({ template_str: DEFAULT_LABEL_TEMPLATE });

    fireEvent.change(templateBox(), { target: { value: '<svg xmlns="http://www.w3.org/2000/svg">$name</svg>' } });
    await waitFor(() => expect(labelCalls('custom').at(-1)!.body).toEqual({ template_str: '<svg xmlns="http://www.w3.org/2000/svg">$name</svg>' }));
    fireEvent.click(screen.getByText(ownMessages.downloadCustomLabel));
    await waitFor(() => expect(saved).toEqual(['device-7-custom.svg']));
    const download = labelCalls('custom').at(-1)!;
    expect(download.body).toEqual({ template_str: '<svg xmlns="http://www.w3.org/2000/svg">$name</svg>' });
    expect(query(download)).toEqual(['0', '0']);
  });

  it('shows a failed custom label with the Description and, on a new line, the template hint; the last good preview stays', async () => {
    panel({ id: 7 });
    openCustom();
    await waitFor(() => expect(previewSrc()).toBeTruthy());
    const good = previewSrc();
    customAnswer = () => jsonResponse({ Description: "Unknown key '$colour'." }, 400);
    fireEvent.change(templateBox(), { target: { value: '<svg>$colour</svg>' } });
    const shown = `Unknown key '$colour'.\n${messages.customLabelFailure}`;
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
    expect(previewSrc()).toBe(good);

    fireEvent.click(screen.getByText(ownMessages.downloadCustomLabel));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(shown));
    expect(saved).toEqual([]);
  });

  it('adds the template hint only when the server refused the template (400), not to other failures', async () => {
    panel({ id: 7 });
    await waitFor(() => expect(previewSrc()).toBeTruthy());
    customAnswer = () => jsonResponse({ Description: ownMessages.labelNoQrCode }, 409);
    fireEvent.click(screen.getByText(ownMessages.downloadCustomLabel));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ownMessages.labelNoQrCode));
    expect(saved).toEqual([]);
  });

  it('says plainly that a device without a QR code has no label yet, and asks for none', async () => {
    qrAnswer = () => new Response(null, { status: 204 });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    panel({ id: 7 }, true);
    await waitFor(() => expect(screen.getByTestId('label-needs-qr-code').textContent).toBe(ownMessages.labelNeedsQrCode));
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual(['/api/device_qr_code/7?if_generated=true']);
    expect(screen.getByText(ownMessages.downloadDetailedLabel).closest('button')?.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a QR code read that cannot reach the server waits for it: no "no QR code" hint meanwhile, then the label', async () => {
    let up = false;
    qrAnswer = () => (up ? jsonResponse({ id: 'qr7', url: 'https://pucs.example' }) : Promise.reject(new TypeError('Failed to fetch')));
    // Tried again at once here: the console waits for the server between tries (queryClient.ts).
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } })}>
        <LabelPanel category={category} record={{ id: 7 }} mode="view" isAdmin refresh={() => {}} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/device_qr_code/7').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('label-needs-qr-code')).toBeNull();
    expect(labelCalls('detailed')).toHaveLength(0);
    up = true;
    await waitFor(() => expect(previewSrc()).toMatch(/^blob:label-/));
    expect(screen.queryByTestId('label-needs-qr-code')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('refuses an empty template without asking the server', async () => {
    panel({ id: 7 });
    openCustom();
    await waitFor(() => expect(labelCalls('custom')).toHaveLength(1));
    fireEvent.change(templateBox(), { target: { value: '  \n ' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.customTemplateEmpty));
    fireEvent.click(screen.getByText(ownMessages.downloadCustomLabel));
    expect(alert).toHaveBeenCalledWith(messages.customTemplateEmpty);
    expect(labelCalls('custom')).toHaveLength(1);
    expect(saved).toEqual([]);
  });
});
