/// The tables and the one function a shared board keeps in PostgreSQL, created on first use.
///
/// - `reorder_boards`: one row per board, its `revision`: the server-ordered change sequence. A
///   commit locks this row, so commits of one board are serialized and revision order is commit
///   order (a reader that has seen revision R has seen everything before it).
/// - `reorder_rows`: one row per column (`parent` = '') and card (`parent` = its column), with its
///   order key and version. Keys are unique within a container (checked at commit).
/// - `reorder_changes`: the log (a `bigserial`), one row per written row, tagged with the board's
///   revision, the client and the gesture. Clients read what came after the last revision they
///   applied; NOTIFY only wakes them up.
/// - `reorder_clients`: hands each client a number, the source of its key tag.
/// - `reorder_commit(...)`: one gesture in one statement: lock, a gesture already committed answers
///   its revision again (a resend after a lost answer), rows whose version moved on are named and
///   nothing is written (a lost race), else the rows, the log and the NOTIFY.
///
/// - `reorder_compact(board, keep)`: compaction of the log: deletes the board's entries older than
///   its last `keep` revisions and answers how many rows went. A client whose revision is no longer
///   in the log (its next commit is missing) reads the whole board instead ("too old, reload").
///
/// The NOTIFY carries the commit itself (``CommitNotice``): `board revision {json}`, the JSON
/// being `{"client", "gesture", "at" (seconds since 1970), "rows": [[id, parent, key, version,
/// deleted], …]}`; only `board revision` when that would not fit in PostgreSQL's 8,000 bytes.
///
/// The schema's version is written in the commit function's body (`reorder-schema N`): a client
/// installs its own when the server has none or an older one (a long-lived database keeps the
/// tables; the function is replaced), never over a newer one.
enum Schema {
  /// The NOTIFY channel; the payload is `board revision`, then the commit as JSON if it fits.
  static let channel = "reorder_board_changes"

  /// The version of the statements below; raise it with any change to them.
  static let version = 4

  /// The version installed on the server (0: none, or the first, which had no number).
  static let installedVersion = """
    SELECT coalesce(max(substring(prosrc FROM 'reorder-schema ([0-9]+)')::int), 0)
    FROM pg_proc WHERE proname = 'reorder_commit'
    """

  /// The longest NOTIFY payload PostgreSQL takes is 7,999 bytes (by default).
  static let payloadLimit = 8000

  /// An advisory lock key held while the schema is created, so that clients starting together
  /// do not race on it.
  static let lock: Int64 = 0x5245_4f52_4445_52

  static let statements: [String] = [
    """
    CREATE TABLE IF NOT EXISTS reorder_boards (
      board text PRIMARY KEY,
      revision bigint NOT NULL DEFAULT 0)
    """,
    """
    CREATE TABLE IF NOT EXISTS reorder_rows (
      board text NOT NULL,
      id text NOT NULL,
      parent text NOT NULL,
      key text COLLATE "C" NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (board, id),
      CONSTRAINT reorder_rows_distinct_keys UNIQUE (board, parent, key) DEFERRABLE INITIALLY DEFERRED)
    """,
    """
    CREATE TABLE IF NOT EXISTS reorder_changes (
      seq bigserial PRIMARY KEY,
      board text NOT NULL,
      revision bigint NOT NULL,
      client text NOT NULL,
      gesture text NOT NULL,
      committed_at timestamptz NOT NULL,
      id text NOT NULL,
      parent text NOT NULL,
      key text COLLATE "C" NOT NULL,
      version bigint NOT NULL,
      deleted boolean NOT NULL)
    """,
    "CREATE INDEX IF NOT EXISTS reorder_changes_by_revision ON reorder_changes (board, revision)",
    "CREATE INDEX IF NOT EXISTS reorder_changes_by_gesture ON reorder_changes (board, gesture)",
    "CREATE TABLE IF NOT EXISTS reorder_clients (number bigserial PRIMARY KEY, name text NOT NULL)",
    """
    CREATE OR REPLACE FUNCTION reorder_commit(
      p_board text, p_client text, p_gesture text, p_ids text[], p_parents text[], p_keys text[],
      p_expected bigint[], p_deleted boolean[], OUT o_revision bigint, OUT o_stale text[])
    LANGUAGE plpgsql AS $$
    DECLARE
      v_now timestamptz := clock_timestamp();
      v_payload text;
    BEGIN
      -- reorder-schema 4
      PERFORM 1 FROM reorder_boards b WHERE b.board = p_board FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'no board %', p_board USING ERRCODE = 'no_data_found';
      END IF;
      SELECT max(c.revision) INTO o_revision FROM reorder_changes c
        WHERE c.board = p_board AND c.gesture = p_gesture;
      IF o_revision IS NOT NULL THEN
        RETURN;
      END IF;
      SELECT array_agg(m.id) INTO o_stale
        FROM unnest(p_ids, p_expected) AS m(id, expected)
        LEFT JOIN reorder_rows r ON r.board = p_board AND r.id = m.id
        WHERE coalesce(r.version, 0) <> m.expected;
      IF o_stale IS NOT NULL THEN
        RETURN;
      END IF;
      UPDATE reorder_boards b SET revision = b.revision + 1 WHERE b.board = p_board
        RETURNING b.revision INTO o_revision;
      DELETE FROM reorder_rows r USING unnest(p_ids, p_deleted) AS m(id, deleted)
        WHERE m.deleted AND r.board = p_board AND r.id = m.id;
      INSERT INTO reorder_rows AS r (board, id, parent, key, version)
        SELECT p_board, m.id, m.parent, m.key, m.expected + 1
        FROM unnest(p_ids, p_parents, p_keys, p_expected, p_deleted) AS m(id, parent, key, expected, deleted)
        WHERE NOT m.deleted
        ON CONFLICT (board, id) DO UPDATE
          SET parent = excluded.parent, key = excluded.key, version = excluded.version;
      INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT p_board, o_revision, p_client, p_gesture, v_now, m.id, m.parent, m.key, m.expected + 1, m.deleted
        FROM unnest(p_ids, p_parents, p_keys, p_expected, p_deleted) AS m(id, parent, key, expected, deleted);
      -- Keys are unique in a container, checked here and not at COMMIT: a duplicate found at COMMIT
      -- comes after this function's answer, which a client may already have taken as committed
      -- (version 3: reorder-server acked moves that were then rolled back).
      SET CONSTRAINTS reorder_rows_distinct_keys IMMEDIATE;
      SELECT p_board || ' ' || o_revision || ' ' || json_build_object(
          'client', p_client, 'gesture', p_gesture, 'at', extract(epoch FROM v_now)::float8,
          'rows', json_agg(json_build_array(m.id, m.parent, m.key, m.expected + 1, m.deleted) ORDER BY m.n))
        INTO v_payload
        FROM unnest(p_ids, p_parents, p_keys, p_expected, p_deleted)
          WITH ORDINALITY AS m(id, parent, key, expected, deleted, n);
      IF v_payload IS NULL OR octet_length(v_payload) >= 8000 THEN
        v_payload := p_board || ' ' || o_revision;
      END IF;
      PERFORM pg_notify('reorder_board_changes', v_payload);
    END
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION reorder_compact(p_board text, p_keep bigint) RETURNS bigint
    LANGUAGE sql AS $$
      WITH gone AS (
        DELETE FROM reorder_changes c USING reorder_boards b
        WHERE b.board = p_board AND c.board = p_board AND c.revision <= b.revision - greatest(p_keep, 0)
        RETURNING 1)
      SELECT count(*) FROM gone
    $$
    """,
  ]
}
