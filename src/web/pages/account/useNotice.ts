import { useEffect, useState } from 'react';

export type Notice = { kind: 'error' | 'success'; text: string } | undefined;

/** A notice that clears itself after 5 s (the account page's rule). */
export function useNotice(ms = 5000): [Notice, (notice: Notice) => void] {
  const [notice, setNotice] = useState<Notice>();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), ms);
    return () => clearTimeout(timer);
  }, [notice, ms]);
  return [notice, setNotice];
}
