/** The thrown error's own sentence (the api client's are written for people), or the fallback. */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
