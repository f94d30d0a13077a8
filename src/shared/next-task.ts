/**
 * Lets the browser in (a paint, a tap) between two pieces of work. On a cheap phone one
 * piece is a short pause; all of them in one task is a freeze the buyer feels.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
