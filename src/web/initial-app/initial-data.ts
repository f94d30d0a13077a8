import { createContext, useContext } from 'react';
import type { PostedForm } from '../../shared/rendered-pages';

/**
 * What a page rendered on the server (src/server/http/rendered-pages.ts) was rendered
 * from. It travels with the HTML in a JSON data block, so the phone's first render says
 * exactly what the HTML says and React adopts the markup (hydration) instead of redrawing it.
 */
export interface InitialData {
  /** Public API answers, by the read that asked for them (see readKey). */
  answers: Record<string, unknown>;
  /** The catalogue version those answers were read at: the phone's mirror takes over once it has caught up. */
  catalogueVersion: number;
  /** The page hints the server rendered for (cookies the app keeps, src/web/app/page-hints.ts). */
  signedIn: boolean;
  dataSaver: boolean;
  /** Reads the server made and was refused (a product that does not exist): the page says so, as its HTML did. */
  missing?: string[];
  /** A form posted without JavaScript (the contact form), as the server answered it. */
  posted?: PostedForm;
}

/** The data block's element id. */
export const INITIAL_DATA_ID = 'initial-data';

/**
 * On the server's first pass, `asked` collects the reads the page makes; the second pass has
 * their answers, and `answerStatus` takes the HTTP status the page answers with (never sent to the phone).
 */
type InitialContext = InitialData & { asked?: Set<string>; answerStatus?: (status: number) => void };
const InitialDataContext = createContext<InitialContext | undefined>(undefined);
export const InitialDataProvider = InitialDataContext.Provider;

/** The initial data of a page that came rendered from the server; undefined for any other. */
export function useInitialData(): InitialData | undefined {
  return useContext(InitialDataContext);
}

/** A public read named the same way on the phone and the server: its path, then its query sorted. */
export function readKey(path: string, searchParams: Record<string, string> = {}): string {
  const query = new URLSearchParams(Object.entries(searchParams).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return query ? `${path}?${query}` : path;
}

/** The server's answer to a read the page was rendered from (undefined if it was not). */
export function useInitialAnswer(key: string | undefined): unknown {
  const initial = useContext(InitialDataContext);
  if (!initial || key === undefined) return undefined;
  initial.asked?.add(key);
  return initial.answers[key];
}

/** Whether the page came from the server, which asked for this read and got an answer (true) or none (false). */
export function useRenderedRead(key: string | undefined): boolean | undefined {
  const initial = useContext(InitialDataContext);
  if (!initial || key === undefined) return undefined;
  initial.asked?.add(key);
  if (key in initial.answers) return true;
  return initial.missing?.includes(key) ? false : undefined;
}

/**
 * On the server, the status of the page being rendered: a page saying that what its address
 * names does not exist answers 404, so a crawler or a link checker reads it as such. A no-op
 * on the phone.
 */
export function useAnswerStatus(status: number): void {
  useContext(InitialDataContext)?.answerStatus?.(status);
}

/** The data block of the document, if the server rendered it. */
export function readInitialData(doc: Document = document): InitialData | undefined {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as InitialData;
  } catch {
    return undefined;
  }
}

/**
 * The data block as HTML. "<" is escaped so no answer (a product description, say) can
 * close the script element early.
 */
export function initialDataScript(data: InitialData): string {
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
