/**
 * The Users page's writes, for the server administrator: create a user (POST /api/user, answering
 * the invitation link when no password is given), switch `active` or `is_server_admin`
 * (PUT /api/user/{id}), make a new link (POST /api/user_invitation/{id}). A failure is shown by the
 * error catalogue with the server's Description (the last server administrator's 409 included);
 * the list is read again afterwards.
 */
import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { http } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { profileStore } from '../../dataProvider/profile';

const USER_RESOURCE = 'user';

export interface UserRow {
  id: number;
  username: string;
  is_server_admin: boolean | null;
  active: boolean;
  last_sign_in: string | null;
}

/** A link to show once: whose, and the address. */
export interface ShownLink {
  username: string;
  url: string;
  /** When it stops working (ISO 8601). */
  expiresAt: string;
}

export interface NewUser {
  username: string;
  isServerAdmin: boolean;
}

export function useUserActions() {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function run<T>(write: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await write();
    } catch (error) {
      reportError(error);
      return undefined;
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return {
    busy,
    /** The new user's link, or undefined when refused (already told). */
    create: async ({ username, isServerAdmin }: NewUser): Promise<ShownLink | undefined> => {
      const created = await run(() =>
        dataProvider.create(USER_RESOURCE, { data: { username, ...(isServerAdmin ? { is_server_admin: true } : {}) }, meta: { report: false } }),
      );
      const answer = created?.data as { invitation_url?: unknown; invitation_expires_at?: unknown } | undefined;
      const { invitation_url: url, invitation_expires_at: expiresAt } = answer ?? {};
      return typeof url === 'string' && typeof expiresAt === 'string' ? { username, url, expiresAt } : undefined;
    },
    set: async (user: UserRow, change: Partial<Pick<UserRow, 'active' | 'is_server_admin'>>): Promise<boolean> => {
      const done = await run(async () => {
        await dataProvider.update(USER_RESOURCE, { id: user.id, data: { ...user, ...change }, previousData: { ...user }, meta: { report: false } });
        // The server administrator may have changed themself.
        await profileStore.load();
        return true;
      });
      return done === true;
    },
    newLink: async (user: UserRow): Promise<ShownLink | undefined> => {
      const answer = await run(() => http<{ invitation_url: string; expires_at: string }>(`/user_invitation/${user.id}`, { method: 'POST' }));
      return answer ? { username: user.username, url: answer.json.invitation_url, expiresAt: answer.json.expires_at } : undefined;
    },
  };
}
