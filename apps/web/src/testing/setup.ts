import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, vi } from 'vitest';
import { assertNoStubDrift } from './api-stub.ts';

// NOTE: a keystroke re-renders a whole Mantine form in the simulated DOM (tens of ms, more on a busy CI
// machine), and a journey through a form types a few dozen; the default 5 s would fail slow runs, not wrong code.
vi.setConfig({ testTimeout: 30_000 });
// findBy* and waitFor return as soon as what they wait for is there; their default of 1 s was a guess at how long a
// render takes, which a loaded machine outran (a search's empty list appeared after 1 s and failed the test).
configure({ asyncUtilTimeout: 10_000 });

// React's development build records where each element was created, for the owner stacks of its warnings: an Error
// and a console task per element, until 10,000 in a second (its own cap), a sixth of these tests' CPU. No test reads an
// owner stack, so the cap reads as reached: warnings still appear and still name their component, without the line
// that created it. Should React rename the counter, this does nothing and only the cost returns.
const internals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals)
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => {},
  });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The toast store and
// the session (localStorage) are module-wide: each test starts without the last one's toasts or tokens.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  vi.unstubAllGlobals();
  // A stub that answered what the server never sends fails its test, even where the app caught the error.
  assertNoStubDrift();
});
