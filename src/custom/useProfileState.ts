import { useSyncExternalStore } from 'react';
import { profileStore, type ProfileState } from '../dataProvider/profile';

/**
 * The profile store's state; re-renders when it changes (sign-in, sign-out, expired session). A page
 * the server drew is taken over once the profile is known (src/entry/render.tsx): the state then is
 * the one to draw with, so it is the "server snapshot" React asks for while taking over.
 */
export function useProfileState(): ProfileState {
  return useSyncExternalStore(profileStore.subscribe, profileStore.get, profileStore.get);
}
