/**
 * react-admin's AuthProvider over /api/login, /api/logout and /api/current_user. The profile lives
 * in the profile store (profile.ts); this adapter answers react-admin's questions from it, and
 * reads the teams the user administers with the spec's own call (getPermissions).
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { ROLE } from '../schemas/role';
import { http, HttpError, isAbortError } from './http';
import { reportError } from './errors';
import { profileStore as defaultStore, type Credentials, type ProfileStore, type ProfileTeam } from './profile';

/** What getPermissions answers: the user's teams with their roles (spec section 6). */
export interface Permissions {
  isServerAdmin: boolean;
  teams: ProfileTeam[];
  /** Teams where the user is an administrator: only they may edit or delete a team's objects. */
  adminTeamIds: number[];
}

/** Where a signed-out visitor lands: the welcome page answers every console route. */
export const SIGNED_OUT_HOME = '/';

export type AdminTeamsFetcher = (signal?: AbortSignal) => Promise<number[]>;

/**
 * Spec section 6: "The list of teams where the user is admin is fetched for this", with
 * GET /api/get_teams_where_user_is_admin/ (section 7), so that a role given or taken since the
 * profile was read counts at once.
 */
export const fetchAdminTeamIds: AdminTeamsFetcher = async (signal) => {
  const { json } = await http<{ json_list?: { id: number }[] } | null>('/get_teams_where_user_is_admin/', { signal });
  return (json?.json_list ?? []).map((team) => Number(team.id));
};

export function createAuthProvider(store: ProfileStore = defaultStore, fetchAdminTeams: AdminTeamsFetcher = fetchAdminTeamIds): AuthProvider {
  const signedInProfile = async () => {
    const state = await store.settled();
    return state.status === 'signedIn' ? state.profile : undefined;
  };

  return {
    async login({ username, password }: Credentials) {
      await store.signIn({ username, password });
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

    async getPermissions(params?: { signal?: AbortSignal }): Promise<Permissions | undefined> {
      const profile = await signedInProfile();
      if (!profile) return undefined;
      let adminTeamIds: number[];
      try {
        adminTeamIds = await fetchAdminTeams(params?.signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        // Said by the error catalogue; the profile's roles are the next best answer.
        reportError(error);
        adminTeamIds = profile.teams.filter((t) => t.role_id === ROLE.ADMIN).map((t) => t.id);
      }
      return { isServerAdmin: profile.is_server_admin, teams: profile.teams, adminTeamIds };
    },
  };
}

export const authProvider = createAuthProvider();
