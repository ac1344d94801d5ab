import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmProvider } from '../../src/custom/confirm/ConfirmProvider';
import { useConfirm, type ConfirmOptions } from '../../src/custom/confirm/useConfirm';
import { messages, ownMessages } from '../../src/messages';

/** A button that asks, and shows the answer. */
function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  return (
    <button
      onClick={() =>
        void confirm(options).then((yes) => {
          document.title = yes ? 'yes' : 'no';
        })
      }
    >
      ask
    </button>
  );
}

const ask = async (options: ConfirmOptions) => {
  document.title = '';
  render(
    <ConfirmProvider>
      <Asker options={options} />
    </ConfirmProvider>,
  );
  await act(async () => fireEvent.click(screen.getByText('ask')));
};

describe('in-page confirmation dialog', () => {
  it('says what will happen and answers true for its button', async () => {
    await ask({ text: '12 devices will leave Greenhouse North', confirmLabel: 'Move' });
    expect(screen.getByRole('dialog').textContent).toContain('12 devices will leave Greenhouse North');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move' })));
    expect(document.title).toBe('yes');
  });

  it('answers false on Cancel', async () => {
    await ask({ text: 'Delete?' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.cancel })));
    expect(document.title).toBe('no');
  });

  it('keeps its button disabled until the name is typed', async () => {
    await ask({ text: 'Remove the type', typeToConfirm: 'Sensor X', confirmLabel: 'Delete' });
    const button = screen.getByRole('button', { name: 'Delete' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(ownMessages.typeToConfirm('Sensor X')), { target: { value: 'Sensor' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(ownMessages.typeToConfirm('Sensor X')), { target: { value: 'Sensor X' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(button));
    expect(document.title).toBe('yes');
  });

  it('a notice has only OK', async () => {
    await ask({ text: 'Failed to create new configuration', notice: true });
    expect(screen.queryByRole('button', { name: messages.cancel })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ownMessages.ok })));
    expect(document.title).toBe('yes');
  });
});
