/**
 * The two participants of a conversation in its stored order (user1_id < user2_id). The database
 * checks the same order with `collate "C"` (byte order), which is what JavaScript's `<` does for
 * the ASCII ids Better Auth generates; the database's default collation (e.g. en_US) would sort
 * "a" before "B" where JavaScript does not, and refuse a pair this function ordered.
 */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}
