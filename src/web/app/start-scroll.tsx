import { useLayoutEffect } from 'react';
import { useLocation, type Location } from 'react-router-dom';

/**
 * The router's ScrollRestoration moves the page to the top on its first render (it finds no
 * position saved for the entry). But when the app starts, the page has been on screen, server
 * rendered, for a while: the browser placed it, and the person may have scrolled it since. A
 * jump then puts another part of the page under their finger, and the press on its way lands
 * beside the button it was meant for (the visitor's "Add" on /products did nothing). So on the
 * location the app started on, the page stays where it is: one of these on each side of
 * ScrollRestoration notes the position before its reset and puts it back after, in the same
 * commit (no paint in between: nothing moves on screen). Later navigations are
 * ScrollRestoration's as before, and a position saved for the entry (reload, Back) is still
 * restored by it after this first render.
 */
let startLocation: Location | undefined;
let noted: number | undefined;

/** Before ScrollRestoration: where the page is before its reset. */
export function NoteStartScroll() {
  const location = useLocation();
  startLocation ??= location;
  useLayoutEffect(() => {
    noted = location === startLocation ? window.scrollY : undefined;
  }, [location]);
  return null;
}

/** After ScrollRestoration: its reset undone on the start location. */
export function KeepStartScroll() {
  const location = useLocation();
  useLayoutEffect(() => {
    if (location !== startLocation || noted === undefined) return;
    if (window.scrollY !== noted) window.scrollTo({ top: noted, behavior: 'instant' });
    noted = undefined;
  }, [location]);
  return null;
}
