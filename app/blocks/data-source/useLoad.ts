/**
 * Loads data for a block whenever `key` changes. A failed load only stops the loading indicator
 * (rule 408); answers to superseded requests are dropped.
 */
import { useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T;
  loading: boolean;
}

export function useLoad<T>(load: () => Promise<T>, key: string, enabled: boolean, initial: T): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: initial, loading: false });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef
      .current()
      .then((data) => live && setState({ data, loading: false }))
      .catch(() => live && setState((s) => ({ ...s, loading: false })));
    return () => {
      live = false;
    };
  }, [key, enabled]);

  return state;
}
