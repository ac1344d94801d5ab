/**
 * The clock for texts that say how long ago ('3 h ago'): their unit is at least a minute, so
 * refreshing once a minute keeps them true while the page stays open.
 */
import { useEffect, useState } from 'react';

const TICK_MS = 60_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
