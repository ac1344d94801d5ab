import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals here, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());
