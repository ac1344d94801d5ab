/**
 * The signed-in user's profile (GET /api/current_user), fetched at startup (spec section 2) and
 * kept in a tiny external store: the light entry (src/entry/) decides from it whether to load the
 * console, the layout between the console and the welcome page, the authProvider answers react-admin
 * from it, sign-in and sign-out update it. It is part of the first script a visitor downloads, so it
 * imports nothing of react-admin.
 */
import { http } from './http';
import { reportError } from './errors';
import { PROFILE_PATH } from '../entry/startupReads';

export interface ProfileTeam {
  id: number;
  name: string;
  role_id: number;
}

export interface Profile {
  id: number;
  username: string;
  preferences: unknown;
  is_server_admin: boolean;
  teams: ProfileTeam[];
}

export interface Credentials {
  username: string;
  password: string;
}

export type ProfileState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; profile: Profile };

/** current_user answers an empty body (null here) when nobody is signed in. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  const { json } = await http<Profile | '' | null>(PROFILE_PATH, { signal });
  return json && typeof json === 'object' ? json : null;
}

type Listener = () => void;

export function createProfileStore(fetcher: (signal?: AbortSignal) => Promise<Profile | null> = fetchProfile) {
  let state: ProfileState = { status: 'loading' };
  let pending: Promise<ProfileState> | undefined;
  const listeners = new Set<Listener>();

  const set = (next: ProfileState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  return {
    get: (): ProfileState => state,

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** (Re)reads the profile; concurrent callers share one request. */
    load(): Promise<ProfileState> {
      pending ??= fetcher()
        .then((profile): ProfileState => (profile ? { status: 'signedIn', profile } : { status: 'signedOut' }))
        .catch((error): ProfileState => {
          // The server is unreachable or failing: say so, and show the signed-out pages meanwhile.
          reportError(error);
          return { status: 'signedOut' };
        })
        .then((next) => {
          pending = undefined;
          set(next);
          return next;
        });
      return pending;
    },

    /** The current state once it is known (waits for a load in flight). */
    async settled(): Promise<ProfileState> {
      if (state.status === 'loading') return pending ?? this.load();
      return state;
    },

    /** Signs in, then reads the profile afresh (the session, teams and roles are the new user's). */
    async signIn(credentials: Credentials): Promise<ProfileState> {
      await http('/login', { method: 'POST', body: credentials });
      return this.load();
    },

    signOut(): void {
      set({ status: 'signedOut' });
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;

/** The console's one store. */
export const profileStore = createProfileStore();
