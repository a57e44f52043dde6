/// What `reorder-server migrate` installs on top of the shared board's tables, with the owner role:
/// the tokens, the schema's version, and the only functions the server's role `reorder_server` may
/// call. Each is `SECURITY DEFINER` (it runs with the owner's rights) with a fixed `search_path`,
/// and schema-qualified when called, so the server role needs no table rights and cannot redirect a
/// call to a function of its own.
///
/// The version lives in `reorder_server_meta`, a table only the owner can write; the server reads it
/// through `public.reorder_server_version()` and refuses to serve another version.
enum ServerSchema {
  /// The version of everything below; raise it with any change.
  static let version = 1

  /// The login role the server runs as.
  static let role = "reorder_server"

  /// The NOTIFY channel of revoked tokens (payload: the token's id); servers close its connections.
  static let revokedChannel = "reorder_token_revoked"

  /// The functions `reorder_server` may execute (with their argument types, for GRANT).
  static let functions = [
    "reorder_server_version()",
    "reorder_server_token(bytea)",
    "reorder_server_token_active(bigint)",
    "reorder_server_board(text)",
    "reorder_server_changes(text, bigint)",
    "reorder_server_commit(text, text, text, text[], text[], text[], bigint[], boolean[])",
  ]

  /// The tables nobody but the owner may touch.
  static let tables = [
    "reorder_boards", "reorder_rows", "reorder_changes", "reorder_clients", "reorder_tokens", "reorder_server_meta",
  ]

  static let statements: [String] = [
    """
    CREATE TABLE IF NOT EXISTS reorder_server_meta (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version int NOT NULL)
    """,
    """
    CREATE TABLE IF NOT EXISTS reorder_tokens (
      id bigserial PRIMARY KEY,
      board text NOT NULL,
      role text NOT NULL CHECK (role IN ('viewer', 'editor')),
      name text NOT NULL,
      hash bytea NOT NULL UNIQUE CHECK (octet_length(hash) = 32),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz)
    """,
    "CREATE INDEX IF NOT EXISTS reorder_tokens_by_board ON reorder_tokens (board)",
    // A board created again (or a database restored from elsewhere) gets a new epoch: clients that
    // knew the old one reload instead of reading a log that is not theirs.
    "ALTER TABLE reorder_boards ADD COLUMN IF NOT EXISTS epoch text NOT NULL DEFAULT gen_random_uuid()::text",
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_version() RETURNS int
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ SELECT version FROM reorder_server_meta $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_token(p_hash bytea)
      RETURNS TABLE (token bigint, board text, role text)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ SELECT t.id, t.board, t.role FROM reorder_tokens t WHERE t.hash = p_hash AND t.revoked_at IS NULL $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_token_active(p_token bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ SELECT EXISTS (SELECT 1 FROM reorder_tokens t WHERE t.id = p_token AND t.revoked_at IS NULL) $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_board(p_board text)
      RETURNS TABLE (revision bigint, epoch text, id text, parent text, key text, version bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
      SELECT b.revision, b.epoch, r.id, r.parent, r.key, r.version
      FROM reorder_boards b LEFT JOIN reorder_rows r ON r.board = b.board
      WHERE b.board = p_board
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_changes(p_board text, p_after bigint)
      RETURNS TABLE (revision bigint, gesture text, id text, parent text, key text, version bigint, deleted boolean)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
      SELECT c.revision, c.gesture, c.id, c.parent, c.key, c.version, c.deleted
      FROM reorder_changes c WHERE c.board = p_board AND c.revision > p_after ORDER BY c.revision, c.seq
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_commit(
      p_board text, p_client text, p_gesture text, p_ids text[], p_parents text[], p_keys text[],
      p_expected bigint[], p_deleted boolean[])
      RETURNS TABLE (o_revision bigint, o_stale text[])
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
      SELECT c.o_revision, c.o_stale
      FROM public.reorder_commit(p_board, p_client, p_gesture, p_ids, p_parents, p_keys, p_expected, p_deleted) c
    $$
    """,
  ]
}
