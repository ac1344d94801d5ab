import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { isEmptyValue, type Category, type UniqueRule } from '../../schemas';
import { isAbortError } from '../../dataProvider/http';
import { catalogueText, reportError } from '../../dataProvider/errors';
import type { Row } from '../../dataProvider/listQuery';
import type { Values } from './formFields';
import { REMOTE_CHECK_DELAY_MS, type RemoteMessages } from './useRemoteChecks';
import { clashes, liveUniqueRules, typedField } from './validation';

/**
 * Objects read per value: the look-up is exact, letter case aside, the rule is not: ten leave room
 * for the edited object and the value's letter-case variants (were ten to exist, a clash might be
 * among the unread ones; the server checks on save).
 */
export const UNIQUE_CHECK_ROWS = 10;

const askKey = (rule: UniqueRule, values: Values) => JSON.stringify([rule.name, ...rule.fields.map((f) => values[f])]);

/**
 * The unique rules outside the team (a device's unique ID per type, spec section 5), checked live
 * like the name: once typing pauses, the server is asked for the objects of the same scope that
 * hold the typed value, by the exact filter of the rule's `findsOne` field (the data provider's
 * getList, GET /api/full/{cat} with filter {"type_id":3,"uid_for_type":"B7"}, a page of two: ids and the rule's fields), and
 * one that is not the edited object and holds the very value (letter case counts, as in the
 * rule) is a clash, however many objects hold the value as a part of theirs. Each value is asked once;
 * `settle` asks at once before a save. The message is the catalogue's ('The UID provided is not
 * unique per selected type. Please enter a unique UID.'). The server checks again on save.
 */
export function useUniqueChecks(category: Category, fields: readonly string[], values: Values, record?: Values) {
  const dataProvider = useDataProvider();
  const rules = useMemo(() => liveUniqueRules(category, fields), [category, fields]);
  const asked = useRef(new Map<string, Promise<Row[] | undefined>>());
  const [answers, setAnswers] = useState<Record<string, Row[] | undefined>>({});

  const ask = useCallback(
    (rule: UniqueRule, of: Values): Promise<Row[] | undefined> => {
      const key = askKey(rule, of);
      let answer = asked.current.get(key);
      if (!answer) {
        const scope = Object.fromEntries(rule.fields.slice(0, -1).map((f) => [f, of[f]]));
        const typed = typedField(rule);
        answer = dataProvider
          .getList<Row>(category.key, {
            filter: { ...scope, [typed]: String(of[typed]).trim() },
            pagination: { page: 1, perPage: UNIQUE_CHECK_ROWS },
            meta: { fields: ['id', ...rule.fields], report: false },
          })
          .then(
            (page) => page.data,
            (error: unknown) => {
              // Unknown rather than free: the server checks again on save.
              if (!isAbortError(error)) reportError(error);
              asked.current.delete(key);
              return undefined;
            },
          );
        asked.current.set(key, answer);
        void answer.then((rows) => setAnswers((a) => ({ ...a, [key]: rows })));
      }
      return answer;
    },
    [category, dataProvider],
  );

  const askable = useCallback(
    (rule: UniqueRule, of: Values) =>
      !rule.fields.some((f) => isEmptyValue(of[f]) || String(of[f]).trim() === '') &&
      !(record && rule.fields.every((f) => String(of[f]) === String(record[f]))),
    [record],
  );

  const pending = JSON.stringify(rules.map((rule) => (askable(rule, values) ? rule.fields.map((f) => values[f]) : null)));
  useEffect(() => {
    const timer = setTimeout(() => {
      const current = JSON.parse(pending) as (unknown[] | null)[];
      rules.forEach((rule, i) => {
        const of = current[i];
        if (of) void ask(rule, Object.fromEntries(rule.fields.map((f, j) => [f, of[j]])));
      });
    }, REMOTE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, rules, ask]);

  const messagesFrom = (answered: Record<string, Row[] | undefined>, of: Values): RemoteMessages =>
    Object.fromEntries(
      rules.map((rule) => {
        const rows = askable(rule, of) ? answered[askKey(rule, of)] : undefined;
        return [typedField(rule), rows && clashes(category, rule, of, rows, record) ? catalogueText(rule.message(of)) : undefined];
      }),
    );

  const settle = async (of: Values): Promise<RemoteMessages> => {
    const answered: Record<string, Row[] | undefined> = {};
    for (const rule of rules) if (askable(rule, of)) answered[askKey(rule, of)] = await ask(rule, of);
    return messagesFrom(answered, of);
  };

  return { messages: messagesFrom(answers, values), settle };
}
