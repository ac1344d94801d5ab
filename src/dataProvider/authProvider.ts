/**
 * react-admin's AuthProvider over /api/login, /api/logout and /api/current_user. The profile lives
 * in the profile store (profile.ts); this adapter only answers react-admin's questions from it.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { ROLE } from '../schemas/role';
import { http, HttpError } from './http';
import { profileStore as defaultStore, type ProfileStore, type ProfileTeam } from './profile';

export interface Credentials {
  username: string;
  password: string;
}

/** What getPermissions answers: the user's teams with their roles (spec section 6). */
export interface Permissions {
  isServerAdmin: boolean;
  teams: ProfileTeam[];
  /** Teams where the user is an administrator: only they may edit or delete a team's objects. */
  adminTeamIds: number[];
}

/** Where a signed-out visitor lands: the welcome page answers every console route. */
export const SIGNED_OUT_HOME = '/';

export function createAuthProvider(store: ProfileStore = defaultStore): AuthProvider {
  const signedInProfile = async () => {
    const state = await store.settled();
    return state.status === 'signedIn' ? state.profile : undefined;
  };

  return {
    async login({ username, password }: Credentials) {
      await http('/login', { method: 'POST', body: { username, password } });
      await store.load();
    },

    async logout() {
      // A visitor who is already signed out (an expired session) has nothing to close on the server.
      if (store.get().status === 'signedIn') {
        try {
          await http('/logout', { method: 'POST' });
        } catch {
          // The session is forgotten on this side anyway; a failed call must not keep the user in.
        }
      }
      store.signOut();
      return SIGNED_OUT_HOME;
    },

    async checkAuth() {
      if (!(await signedInProfile())) throw { redirectTo: SIGNED_OUT_HOME, message: false };
    },

    async checkError(error: unknown) {
      if (error instanceof HttpError && error.status === 401) {
        // The error catalogue has told the user; the layout shows the welcome page from here on.
        store.signOut();
        throw { redirectTo: SIGNED_OUT_HOME, logoutUser: false, message: false };
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const profile = await signedInProfile();
      if (!profile) throw new Error('Not signed in');
      return { id: profile.id, fullName: profile.username };
    },

    async getPermissions(): Promise<Permissions | undefined> {
      const profile = await signedInProfile();
      if (!profile) return undefined;
      return {
        isServerAdmin: profile.is_server_admin,
        teams: profile.teams,
        adminTeamIds: profile.teams.filter((t) => t.role_id === ROLE.ADMIN).map((t) => t.id),
      };
    },
  };
}

export const authProvider = createAuthProvider();
