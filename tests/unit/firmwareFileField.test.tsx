/**
 * The firmware's file in its form (FileField, driven by the category's FileSpec) and the form's
 * rule for it (fileErrors): what a user sees before, during and after the upload.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { FileField, shortHash } from '../../src/resources/object/FileField';
import type { FileUpload } from '../../src/resources/object/useFileUpload';
import { fileErrors } from '../../src/resources/object/validation';

const firmware = mustGetCategory('firmware');
const HASH = '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532';

const upload = (state: Partial<FileUpload> = {}): FileUpload => ({
  spec: firmware.file!,
  choose: vi.fn(),
  cancel: vi.fn(),
  afterSave: vi.fn(),
  ...state,
});

afterEach(() => vi.unstubAllGlobals());

describe('fileErrors', () => {
  it("asks for the file of a firmware that has none and none chosen, under the file's field", () => {
    expect(fileErrors(firmware, { uploaded: false, chosen: false, hashing: false }, {})).toEqual({ filename: messages.uploadRequired });
    expect(fileErrors(firmware, { uploaded: true, chosen: false, hashing: false }, {})).toEqual({});
    expect(fileErrors(firmware, { uploaded: false, chosen: true, hashing: false }, {})).toEqual({});
  });

  it('refuses a save while the chosen file is still being hashed', () => {
    expect(fileErrors(firmware, { uploaded: false, chosen: true, hashing: true }, {})).toEqual({ filename: ownMessages.waitForHash });
  });

  it('has nothing to say about a category without a file', () => {
    expect(fileErrors(mustGetCategory('devices_group'), { uploaded: false, chosen: false, hashing: false }, {})).toEqual({});
  });
});

describe('FileField', () => {
  const record = { id: 7, filename: 'fw.bin', size: 5242880, firmware_hash: HASH, date: '2026-11-23T06:00:00Z' };

  it('shows an uploaded file: its name as a download button, its size in bytes, its hash shortened with the whole in its title', () => {
    render(<FileField category={firmware} record={record} upload={upload()} readOnly={false} />);
    const region = screen.getByRole('region', { name: 'File' });
    expect(within(region).getByRole('button', { name: 'fw.bin' })).toBeTruthy();
    expect(within(region).getByText(messages.fileSize(5242880))).toBeTruthy();
    expect(within(region).getByText(shortHash(HASH)).getAttribute('title')).toBe(HASH);
    expect(shortHash(HASH)).toBe('3a985da7…11431532');
    // The file never changes once uploaded.
    expect(within(region).queryByText(ownMessages.chooseFile)).toBeNull();
  });

  it('copies the whole hash and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<FileField category={firmware} record={record} upload={upload()} readOnly />);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.copyHash }));
    expect(await screen.findByText(ownMessages.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(HASH);
  });

  it('copies the whole hash where the browser offers no clipboard API (a console served over plain http)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied: string | undefined;
    const execCommand = vi.fn((command: string) => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value;
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      render(<FileField category={firmware} record={record} upload={upload()} readOnly />);
      fireEvent.click(screen.getByRole('button', { name: ownMessages.copyHash }));
      expect(await screen.findByText(ownMessages.copied)).toBeTruthy();
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(copied).toBe(HASH);
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('offers the whole hash to copy by hand when the browser refuses to copy it', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    try {
      render(<FileField category={firmware} record={record} upload={upload()} readOnly />);
      fireEvent.click(screen.getByRole('button', { name: ownMessages.copyHash }));
      await vi.waitFor(() => expect(prompt).toHaveBeenCalledWith(ownMessages.copyHashByHand, HASH));
      expect(screen.queryByText(ownMessages.copied)).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
      prompt.mockRestore();
    }
  });

  it('offers nothing to one who may not modify a firmware without a file', () => {
    const { container } = render(<FileField category={firmware} record={{ id: 7, filename: null }} upload={upload()} readOnly />);
    expect(container.textContent).toBe('');
  });

  it('offers the control until then: the chosen file, the hashing progress with its cancel, the upload progress, the problem', () => {
    const state = upload({
      chosen: new File(['x'.repeat(10)], 'new.bin'),
      hashing: { done: 4, total: 10 },
    });
    const { rerender } = render(<FileField category={firmware} upload={state} readOnly={false} problem={ownMessages.waitForHash} />);
    expect(screen.getByText(ownMessages.chooseFile)).toBeTruthy();
    expect(screen.getByText('new.bin')).toBeTruthy();
    expect(screen.getByText(messages.fileSize(10))).toBeTruthy();
    expect(screen.getByText(ownMessages.hashing(40))).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(ownMessages.waitForHash)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.cancelHashing }));
    expect(state.cancel).toHaveBeenCalled();

    const file = new File(['abc'], 'chosen.bin');
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });
    expect(state.choose).toHaveBeenCalledWith(file);

    rerender(
      <FileField
        category={firmware}
        upload={upload({ chosen: state.chosen, hash: HASH, uploading: { done: 5, total: 10 }, error: ownMessages.uploadFailed('Refused.') })}
        readOnly={false}
      />,
    );
    expect(screen.getByText(ownMessages.uploading(50))).toBeTruthy();
    expect(screen.getByText(shortHash(HASH))).toBeTruthy();
    expect(screen.getByText(ownMessages.uploadFailed('Refused.'))).toBeTruthy();
  });
});
