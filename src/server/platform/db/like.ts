/** A word as a LIKE pattern's literal part: its `\`, `%` and `_` escaped (use with `escape '\'`). */
export const escapeLike = (word: string) => word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
