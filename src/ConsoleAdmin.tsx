/**
 * The console: react-admin wired to our providers, with every route of spec section 2.
 * Object routes come from the registry (resources/consoleRoutes.ts); the public pages and the
 * sign-in page are routes without layout so that they work signed out. react-admin's store keeps
 * the user's theme, columns and page sizes on the server too (dataProvider/preferencesStore.ts).
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { categories } from './schemas';
import { messages } from './messages';
import { dataProvider } from './dataProvider/dataProvider';
import { authProvider } from './dataProvider/authProvider';
import { profileStore } from './dataProvider/profile';
import { preferencesStore } from './dataProvider/preferencesStore';
import { createConsoleQueryClient } from './dataProvider/queryClient';
import { i18nProvider } from './i18n';
import { consoleDarkTheme, consoleTheme } from './theme';
import { deriveConsoleRoutes } from './resources/consoleRoutes';
import { displayField } from './resources/displayField';
import { RoutePage } from './resources/RoutePage';
import { ConsoleLayout } from './custom/layout/ConsoleLayout';
import { PageNotification } from './custom/errors/PageNotification';
import { Dashboard } from './custom/Dashboard';
import { NotFoundPage } from './custom/NotFoundPage';
import { LoginPage } from './custom/LoginPage';
import { PublicQrPage } from './custom/PublicQrPage';
import { QR_LOGIN_PATH, QR_PAGE_PATH } from './custom/qrPaths';
import { QrLoginRedirect } from './custom/QrLoginRedirect';
import { LOGIN_PATH } from './custom/safeNextPath';
import { PROFILE_PAGE_PATH, ProfilePage } from './custom/profile/ProfilePage';
import { AuditPage } from './custom/audit/AuditPage';
import { AUDIT_PATH } from './custom/audit/auditAccess';

const routes = deriveConsoleRoutes(categories);
const withScreens = categories.filter((c) => c.console);
const queryClient = createConsoleQueryClient(profileStore);

export const ConsoleAdmin = () => (
  <Admin
    dataProvider={dataProvider}
    authProvider={authProvider}
    queryClient={queryClient}
    store={preferencesStore}
    i18nProvider={i18nProvider}
    disableTelemetry
    theme={consoleTheme}
    darkTheme={consoleDarkTheme}
    layout={ConsoleLayout}
    notification={PageNotification}
    dashboard={Dashboard}
    catchAll={NotFoundPage}
    loginPage={false}
    title={messages.productName}
  >
    {withScreens.map((c) => (
      // Registered for react-admin's resource definitions; the spec's own routes below serve the
      // screens, so react-admin's /{resource}/... addresses are unknown paths.
      <Resource key={c.key} name={c.key} recordRepresentation={displayField(c)}>
        <Route path="*" element={<NotFoundPage />} />
      </Resource>
    ))}
    <CustomRoutes noLayout>
      <Route path={QR_PAGE_PATH} element={<PublicQrPage />} />
      <Route path={QR_LOGIN_PATH} element={<QrLoginRedirect />} />
      <Route path={LOGIN_PATH} element={<LoginPage />} />
    </CustomRoutes>
    <CustomRoutes>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path={PROFILE_PAGE_PATH} element={<ProfilePage />} />
      <Route path={AUDIT_PATH} element={<AuditPage />} />
    </CustomRoutes>
  </Admin>
);
