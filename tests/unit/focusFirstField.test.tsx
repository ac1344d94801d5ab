/** An add form opens ready to type (issue 13 item 8): the first field focused, its default text selected. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { useFocusFirstField } from '../../src/resources/inputs/useFocusFirstField';

const Form = ({ when, children }: { when: boolean; children: ReactNode }) => {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstField(ref, when);
  return <div ref={ref}>{children}</div>;
};

describe('useFocusFirstField', () => {
  it('focuses the first field and selects the default name in it, so that typing replaces it', () => {
    render(
      <Form when>
        <input type="checkbox" aria-label="Show hidden fields" />
        <input aria-label="Product ID" readOnly defaultValue="7" />
        <input aria-label="Name" defaultValue="New device" />
        <select aria-label="Team" />
      </Form>,
    );
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'New device'.length]);
  });

  it('focuses a first select as it is', () => {
    render(
      <Form when>
        <select aria-label="Kind" />
        <input aria-label="Name" defaultValue="x" />
      </Form>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Kind'));
  });

  it('leaves the focus alone outside an add form', () => {
    render(
      <Form when={false}>
        <input aria-label="Name" defaultValue="Existing" />
      </Form>,
    );
    expect(document.activeElement).toBe(document.body);
  });
});
