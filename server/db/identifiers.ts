/**
 * Table and column names that go into SQL text unquoted (bulk loads name the table's own columns):
 * lower-case letters, digits and underscores only, so a name can never carry SQL.
 */
export function checkIdentifiers(...names: readonly string[]): void {
  for (const n of names) if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`unexpected table or column name: ${n}`);
}
