/** `text` matched literally inside a LIKE pattern: its %, _ and \\ are not wildcards. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`
