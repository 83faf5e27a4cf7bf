import { AppShell, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Environment, roleHasRight } from '@sente/contracts/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { ModeToggle } from '../../features/accounts/components/mode-toggle.tsx';
import { TestModeBanner } from '../../features/accounts/components/test-mode-banner.tsx';
import { useProfile } from '../../lib/profile.ts';
import { AppHeader, SearchBox } from './app-header.tsx';
import { NavMenu } from './nav-menu.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

// Rendered closed from the start, so they load just after the first paint and open at once on a click.
const ShellOverlays = lazy(() => import('./shell-overlays.tsx').then((m) => ({ default: m.ShellOverlays })));

const HEADER_HEIGHT = 60;
const BANNER_HEIGHT = 32;

/** The shell of every authenticated screen except /live/:ref. */
export function DashboardLayout() {
  const { data: user } = useProfile();
  const [navOpened, nav] = useDisclosure(false);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [switchOpened, switcher] = useDisclosure(false);
  const [privacyOpened, privacy] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const [modeOpened, modeConfirm] = useDisclosure(false);
  const [modeTarget, setModeTarget] = useState<Environment>('production');
  const environment = user?.current_account?.api_keys.active_environment;
  const testMode = environment === 'test';
  const headerHeight = HEADER_HEIGHT + (testMode ? BANNER_HEIGHT : 0);

  // Toasts (app/notifications.css) start below this header so they never cover its controls.
  useEffect(() => {
    document.documentElement.style.setProperty('--sente-header-height', `${headerHeight}px`);
    return () => {
      document.documentElement.style.removeProperty('--sente-header-height');
    };
  }, [headerHeight]);

  // NOTE: the AuthGuard above renders this layout only once the profile has loaded.
  if (!user) return null;

  const canChangeMode = user.current_role !== null && roleHasRight(user.current_role, 'manageAccount');
  const requestMode = (target: Environment) => {
    setModeTarget(target);
    modeConfirm.open();
  };

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        {testMode && <TestModeBanner onChange={canChangeMode ? () => requestMode('production') : undefined} />}
        <AppHeader
          user={user}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onOpenProfile={drawer.open}
          modeToggle={
            environment && canChangeMode ? <ModeToggle environment={environment} onRequestChange={requestMode} /> : null
          }
        />
      </AppShell.Header>

      <AppShell.Navbar aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea} p="sm">
          <Stack gap="md">
            <SearchBox hiddenFrom="sm" onNavigate={nav.close} />
            <NavMenu role={user.current_role} onNavigate={nav.close} />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      {/* tabIndex -1: the skip link focuses it, which a click or Tab never does. */}
      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1}>
        {/* A page's chunk loading for the first time: the shell stays and the page's place shows the loader. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <Suspense fallback={null}>
        <ShellOverlays
          user={user}
          drawer={{ opened: drawerOpened, ...drawer }}
          switcher={{ opened: switchOpened, ...switcher }}
          privacy={{ opened: privacyOpened, ...privacy }}
          help={{ opened: helpOpened, ...help }}
          modeConfirm={{ opened: modeOpened, ...modeConfirm }}
          modeTarget={modeTarget}
        />
      </Suspense>
    </AppShell>
  );
}
