/**
 * Labelled values as a person reads them on a phone (the public QR page, spec section 2): the
 * device's identity, and its provisioning JSON as keys and values, where an object is its keys,
 * an array a numbered list and a nested one sits indented under its key. Texts show without JSON's
 * quotes; the page keeps the exact JSON one toggle away.
 */
import type { ReactNode } from 'react';
import { ownMessages } from '../messages';

/** A non-empty object or array: shown under its key rather than beside it. */
const isNested = (value: unknown): value is object => typeof value === 'object' && value !== null && Object.keys(value).length > 0;

/** '', {} and [] say they are empty; numbers, booleans and null read as JSON writes them. */
const scalarText = (value: unknown) => {
  if (value === '' || (typeof value === 'object' && value !== null)) return ownMessages.jsonEmpty;
  return String(value);
};

/** label and value pairs; `nested` puts the value under its label, indented. */
export const Facts = ({ entries, label }: { entries: { label: string; value: ReactNode; nested?: boolean }[]; label?: string }) => (
  <dl className="pucs-facts" aria-label={label}>
    {entries.map((entry, index) => (
      // The labels may repeat (a type may call its unique ID 'Name'): the position is the key.
      <div key={index} className={entry.nested ? 'pucs-fact pucs-fact--nested' : 'pucs-fact'}>
        <dt>{entry.label}</dt>
        <dd>{entry.value}</dd>
      </div>
    ))}
  </dl>
);

export const JsonFacts = ({ value }: { value: unknown }): ReactNode => {
  if (!isNested(value)) return scalarText(value);
  if (Array.isArray(value)) {
    return (
      <ol className="pucs-json-items">
        {value.map((item, index) => (
          <li key={index}>
            <JsonFacts value={item} />
          </li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value).map(([key, item]) => ({ label: key, value: <JsonFacts value={item} />, nested: isNested(item) }));
  return <Facts entries={entries} />;
};
