/**
 * react-admin's translations: English only (spec section 1), with react-admin's own sign-in and
 * sign-out words replaced by ours so that every screen says the same thing.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { ownMessages } from './messages';

const consoleMessages: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: {
      ...englishMessages.ra.auth,
      username: ownMessages.username,
      password: ownMessages.password,
      sign_in: ownMessages.signIn,
      logout: ownMessages.signOut,
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => consoleMessages, 'en', [{ locale: 'en', name: 'English' }], {
  // A missing key shows the key rather than throwing: the console must never crash on a label.
  allowMissing: true,
});
