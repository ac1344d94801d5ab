import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Vitest runs without globals here, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// waitFor and findBy* wait for what the user would see; on a busy two-core machine a render with
// its calls can take seconds, so their deadline (1 s by default) and the test's are generous.
// A passing test returns as soon as the screen is right: nothing here waits for time.
configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
