import { useSyncExternalStore } from 'react';
import { profileStore, type ProfileState } from '../dataProvider/profile';

/** The profile store's state; re-renders when it changes (sign-in, sign-out, expired session). */
export function useProfileState(): ProfileState {
  return useSyncExternalStore(profileStore.subscribe, profileStore.get);
}
