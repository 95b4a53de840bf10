/**
 * The spinner of the table's loading overlay, shown only once an answer has kept the user waiting: the overlay
 * dims the table at once, and a fast answer never starts the spinner. Its endless animation redraws the
 * screen every frame; in a software-composited browser on a small machine that took a core away from the
 * page and, on a shared host, from the server answering it.
 */
import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';

/** ms a search may take before the spinner appears */
export const SPINNER_DELAY_MS = 400;

export function DelayedLoader() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <Loader size="md" /> : null;
}
