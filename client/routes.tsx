import { Center, Loader } from '@mantine/core';
import { lazy, type RefObject, Suspense, useRef } from 'react';
import { Route, Switch, useLocation, useRoute } from 'wouter';
import { Header } from './components/Header';
import { PageLoadError } from './components/PageLoadError';
import { useFocusOnNavigation } from './hooks/use-focus-on-navigation';
import { useHashScroll } from './hooks/use-hash-scroll';

// Each route is its own chunk.
const loadLandingPage = () => import('./pages/LandingPage');
const loadLoginPage = () => import('./pages/LoginPage');
const LandingPage = lazy(loadLandingPage);
const LoginPage = lazy(loadLoginPage);
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const KioskPage = lazy(() => import('./pages/KioskPage'));

/**
 * Starts loading a prerendered page's chunk (client/boot.tsx, before hydrating): React hydrates the page, in its
 * Suspense boundary, only after the header, and would ask for the chunk only then.
 */
export function preloadPage(path: string) {
  if (path === '/') void loadLandingPage();
  else if (path === '/login') void loadLoginPage();
}

function PageLoader() {
  return (
    <Center py={80} aria-busy="true">
      <Loader aria-label="Loading page" />
    </Center>
  );
}

/** Past the header to the page itself, for keyboard users: the first thing Tab reaches. */
function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <a
      href="#main"
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

export function AppRoutes() {
  useHashScroll();
  // The page's frame: a main, or the kiosk's div (typed as the div, which both elements satisfy where it is used).
  const main = useRef<HTMLDivElement>(null);
  useFocusOnNavigation(main);
  // A kiosk is a shared terminal: patrons must not reach the staff member's menu, so it has its own header.
  const [isKiosk] = useRoute('/kiosk/:libraryId');
  const [location] = useLocation();
  // The kiosk's frame (KioskLayout) holds its own header, main and footer, which as landmarks must not sit inside
  // another main.
  const Page = isKiosk ? 'div' : 'main';
  return (
    <>
      {!isKiosk && <SkipLink main={main} />}
      {!isKiosk && <Header />}
      <Page id="main" ref={main} tabIndex={-1}>
        <PageLoadError key={location}>
          <Suspense fallback={<PageLoader />}>
            <Switch>
              <Route path="/" component={LandingPage} />
              <Route path="/login" component={LoginPage} />
              <Route path="/register" component={RegisterPage} />
              <Route path="/kiosk/:libraryId" component={KioskPage} />
              <Route path="/profile" component={ProfilePage} />
              <Route path="/dashboard" component={DashboardPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </PageLoadError>
      </Page>
    </>
  );
}
