import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fieldProblem, type Category, type FieldSpec } from '../../schemas';
import { http } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import type { Values } from './formFields';

/** Typing pauses this long before the server is asked (spec: the semver check is a server call). */
export const REMOTE_CHECK_DELAY_MS = 300;

export type RemoteMessages = Record<string, string | undefined>;

interface RemoteCheck {
  name: string;
  path: string;
  message: string;
  field: FieldSpec;
}

/** The value to send, or undefined when the local rules already refuse it (no call needed). */
function askable(check: RemoteCheck, values: Values): string | undefined {
  const value = values[check.name];
  if (typeof value !== 'string' || value.trim() === '' || fieldProblem(check.field, value)) return undefined;
  return value.trim();
}

const answerKey = (name: string, value: string) => `${name}\u0000${value}`;

/**
 * The fields declared `remoteCheck` (a firmware version: GET /api/issemver/{value}), asked after
 * typing pauses, each value once. `settle` asks at once for the current values (before a save)
 * and answers the messages.
 */
export function useRemoteChecks(category: Category, values: Values) {
  const checks = useMemo<RemoteCheck[]>(
    () =>
      Object.entries(category.fields)
        .filter(([, f]) => f.remoteCheck)
        .map(([name, f]) => ({ name, path: f.remoteCheck!.path, message: f.remoteCheck!.message, field: f })),
    [category],
  );
  const asked = useRef(new Map<string, Promise<boolean | undefined>>());
  const [answers, setAnswers] = useState<Record<string, boolean | undefined>>({});

  const ask = useCallback((check: RemoteCheck, value: string): Promise<boolean | undefined> => {
    const key = answerKey(check.name, value);
    let answer = asked.current.get(key);
    if (!answer) {
      answer = http<unknown>(`${check.path}/${encodeURIComponent(value)}`).then(
        ({ json }) => json === true,
        (error: unknown) => {
          // Unknown rather than wrong: the server checks again on save.
          reportError(error);
          asked.current.delete(key);
          return undefined;
        },
      );
      asked.current.set(key, answer);
      void answer.then((ok) => setAnswers((a) => ({ ...a, [key]: ok })));
    }
    return answer;
  }, []);

  const pendingValues = JSON.stringify(checks.map((c) => askable(c, values) ?? null));
  useEffect(() => {
    const current: (string | null)[] = JSON.parse(pendingValues);
    const timer = setTimeout(() => {
      checks.forEach((c, i) => {
        if (current[i] !== null) void ask(c, current[i]);
      });
    }, REMOTE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pendingValues, checks, ask]);

  const messagesFrom = (answered: Record<string, boolean | undefined>, of: Values): RemoteMessages =>
    Object.fromEntries(
      checks.map((c) => {
        const value = askable(c, of);
        return [c.name, value !== undefined && answered[answerKey(c.name, value)] === false ? c.message : undefined];
      }),
    );

  const messages = messagesFrom(answers, values);

  const settle = async (of: Values): Promise<RemoteMessages> => {
    const answered: Record<string, boolean | undefined> = {};
    for (const c of checks) {
      const value = askable(c, of);
      if (value !== undefined) answered[answerKey(c.name, value)] = await ask(c, value);
    }
    return messagesFrom(answered, of);
  };

  return { messages, settle };
}
