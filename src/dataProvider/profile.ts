/**
 * The signed-in user's profile (GET /api/current_user), fetched at startup (spec section 2) and
 * kept in a tiny external store: the light entry (src/entry/) decides from it whether to load the
 * console, the layout between the console and the welcome page, the authProvider answers react-admin
 * from it, sign-in and sign-out update it. It is part of the first script a visitor downloads, so it
 * imports nothing of react-admin.
 */
import { http, reachability, ServerUnreachableError } from './http';
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
  /** The teams whose audit entries the user reads, as the server rules: null, every team's; empty or absent, none. */
  audit_team_ids?: number[] | null;
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
export async function fetchProfile(signal?: AbortSignal, fresh = false): Promise<Profile | null> {
  const { json } = await http<Profile | '' | null>(PROFILE_PATH, { signal, fresh });
  return json && typeof json === 'object' ? json : null;
}

type Listener = () => void;

export function createProfileStore(fetcher: (signal?: AbortSignal, fresh?: boolean) => Promise<Profile | null> = fetchProfile) {
  let state: ProfileState = { status: 'loading' };
  let pending: Promise<ProfileState> | undefined;
  /** The latest read: an older one still in flight (the signed-out profile of the page's start) is not kept. */
  let latest = 0;
  const listeners = new Set<Listener>();

  const set = (next: ProfileState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  /**
   * After a read that could not reach the server, the profile is read again once it answers: a page
   * opened during an outage shows the signed-out pages meanwhile, and the user's own session (still
   * valid) brings the console back by itself.
   */
  let waitingForServer: (() => void) | undefined;
  const readOnceReachable = () => {
    if (waitingForServer) return;
    waitingForServer = reachability.subscribe(() => {
      if (!reachability.reachable()) return;
      waitingForServer?.();
      waitingForServer = undefined;
      void store.load({ fresh: true });
    });
  };

  const store = {
    get: (): ProfileState => state,

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * (Re)reads the profile; concurrent callers share one request. `fresh`: a new read from the
     * server itself, not the one in flight nor the page's preloaded answer (after signing in).
     */
    load({ fresh = false }: { fresh?: boolean } = {}): Promise<ProfileState> {
      if (pending && !fresh) return pending;
      const read = ++latest;
      const next = fetcher(undefined, fresh)
        .then((profile): ProfileState => (profile ? { status: 'signedIn', profile } : { status: 'signedOut' }))
        .catch((error): ProfileState => {
          reportError(error);
          if (error instanceof ServerUnreachableError) {
            readOnceReachable();
            // A signed-in user stays signed in while the server is out of reach (the page says so).
            if (state.status === 'signedIn') return state;
          }
          // The server is failing: say so, and show the signed-out pages meanwhile.
          return { status: 'signedOut' };
        })
        .then((answer) => {
          if (read !== latest) return pending ?? state;
          pending = undefined;
          set(answer);
          return answer;
        });
      pending = next;
      return next;
    },

    /** The current state once it is known (waits for a load in flight). */
    async settled(): Promise<ProfileState> {
      if (state.status === 'loading') return pending ?? this.load();
      return state;
    },

    /** Signs in, then reads the profile afresh (the session, teams and roles are the new user's). */
    async signIn(credentials: Credentials): Promise<ProfileState> {
      await http('/login', { method: 'POST', body: credentials });
      return this.load({ fresh: true });
    },

    signOut(): void {
      set({ status: 'signedOut' });
    },
  };
  return store;
}

export type ProfileStore = ReturnType<typeof createProfileStore>;

/** The console's one store. */
export const profileStore = createProfileStore();
