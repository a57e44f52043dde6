import ReorderKitPostgres

/// What `reorder-server migrate` installs on top of the shared board's tables, with the owner role:
/// the tokens, the schema's version, and the only functions the server's role `reorder_server` may
/// call. Each is `SECURITY DEFINER` (it runs with the owner's rights) with a fixed `search_path`,
/// and schema-qualified when called, so the server role needs no table rights and cannot redirect a
/// call to a function of its own.
///
/// The version lives in `reorder_server_meta`, a table only the owner can write; the server reads it
/// through `public.reorder_server_version()` and refuses to serve another version.
enum ServerSchema {
  /// The version of everything below; raise it with any change. (3: the shared tables' commit
  /// checks keys before it answers, schema 4 of ReorderKitPostgres; 4: `reorder_server_commit_many`;
  /// 5: compaction, `reorder_server_compact`.)
  static let version = 5

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
    "reorder_server_commit(text, text, text, text, text[], text[], text[], bigint[])",
    "reorder_server_commit_many(text, text, text[], text[], integer[], text[], text[], text[], bigint[])",
    "reorder_server_open(text, bigint, bigint, integer)",
    "reorder_server_close(text, bigint)",
    "reorder_server_alive(text)",
    "reorder_server_gone(text)",
    "reorder_server_boards_to_compact(bigint)",
    "reorder_server_compact(text, bigint, double precision)",
  ]

  /// How long an instance that stopped saying it is alive still counts its connections (it was
  /// killed, or is cut off): its clients reconnect elsewhere after this at the latest.
  static let instanceTimeout = 5

  /// The tables nobody but the owner may touch.
  static let tables = [
    "reorder_boards", "reorder_rows", "reorder_changes", "reorder_clients", "reorder_tokens", "reorder_server_meta",
    "reorder_gestures", "reorder_connections", "reorder_instances", "reorder_server_compacted",
  ]

  static let statements: [String] = [
    // The open live connections of every instance, so that a token's limit counts them all; an
    // instance says it is alive each second, and one silent for `instanceTimeout` counts no more.
    """
    CREATE TABLE IF NOT EXISTS reorder_instances (instance text PRIMARY KEY, seen_at timestamptz NOT NULL)
    """,
    """
    CREATE TABLE IF NOT EXISTS reorder_connections (
      instance text NOT NULL, connection bigint NOT NULL, token bigint NOT NULL,
      PRIMARY KEY (instance, connection))
    """,
    "CREATE INDEX IF NOT EXISTS reorder_connections_by_token ON reorder_connections (token)",
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_alive(p_instance text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      INSERT INTO reorder_instances (instance, seen_at) VALUES (p_instance, clock_timestamp())
        ON CONFLICT (instance) DO UPDATE SET seen_at = excluded.seen_at;
      DELETE FROM reorder_connections c USING reorder_instances i
        WHERE c.instance = i.instance AND i.seen_at < clock_timestamp() - interval '1 minute';
      DELETE FROM reorder_instances i WHERE i.seen_at < clock_timestamp() - interval '1 minute';
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_open(p_instance text, p_connection bigint, p_token bigint,
      p_limit integer) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      v_open integer;
    BEGIN
      -- One token's connections are counted and added one at a time, across instances.
      PERFORM pg_advisory_xact_lock(7231, (p_token % 2147483647)::integer);
      PERFORM public.reorder_server_alive(p_instance);
      SELECT count(*) INTO v_open FROM reorder_connections c JOIN reorder_instances i ON i.instance = c.instance
        WHERE c.token = p_token AND i.seen_at > clock_timestamp() - interval '\(instanceTimeout) seconds';
      IF v_open >= p_limit THEN
        RETURN false;
      END IF;
      INSERT INTO reorder_connections (instance, connection, token) VALUES (p_instance, p_connection, p_token)
        ON CONFLICT DO NOTHING;
      RETURN true;
    END
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_close(p_instance text, p_connection bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DELETE FROM reorder_connections c WHERE c.instance = p_instance AND c.connection = p_connection
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_gone(p_instance text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DELETE FROM reorder_connections c WHERE c.instance = p_instance;
      DELETE FROM reorder_instances i WHERE i.instance = p_instance;
    $$
    """,
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
    // How far compaction went on each board: no revision at or below `through` is whole in the log
    // any more (a revision of more than one batch goes in several), so none is read.
    """
    CREATE TABLE IF NOT EXISTS reorder_server_compacted (board text PRIMARY KEY, through bigint NOT NULL)
    """,
    // The commits after `p_after`, whole: a reader whose revision was compacted sees a log that
    // starts past its next revision, and reads the board instead.
    """
    CREATE OR REPLACE FUNCTION public.reorder_server_changes(p_board text, p_after bigint)
      RETURNS TABLE (revision bigint, gesture text, id text, parent text, key text, version bigint, deleted boolean)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
      SELECT c.revision, c.gesture, c.id, c.parent, c.key, c.version, c.deleted
      FROM reorder_changes c
      WHERE c.board = p_board AND c.revision > p_after
        AND c.revision > coalesce((SELECT k.through FROM reorder_server_compacted k WHERE k.board = p_board), 0)
      ORDER BY c.revision, c.seq
    $$
    """,
    // Version 1's commit took its rows without checking them; version 2's checks every rule itself.
    "DROP FUNCTION IF EXISTS public.reorder_server_commit(text, text, text, text[], text[], text[], bigint[], boolean[])",
    // Each gesture the server committed, with its change as the client sent it: a replay with the same
    // change answers the same revision; with another change, it is refused.
    """
    CREATE TABLE IF NOT EXISTS reorder_gestures (
      board text NOT NULL,
      gesture text NOT NULL,
      change text NOT NULL,
      revision bigint NOT NULL,
      PRIMARY KEY (board, gesture))
    """,
    // Compaction trims a board's gestures up to the revision its log was compacted through.
    "CREATE INDEX IF NOT EXISTS reorder_gestures_revision ON reorder_gestures (board, revision)",
    boardsToCompact,
    compact,
    commit,
    commitMany,
  ]

  /// The most log rows one call of `reorder_server_compact` deletes.
  static let compactionBatch = 1000

  /// `reorder_server_boards_to_compact`: the boards whose log holds a revision older than their
  /// last `p_keep` (the hours are checked by `reorder_server_compact`), or whose record of gestures
  /// holds one their log was compacted through.
  static let boardsToCompact = """
    CREATE OR REPLACE FUNCTION public.reorder_server_boards_to_compact(p_keep bigint) RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
      SELECT b.board FROM reorder_boards b
      WHERE EXISTS (
        SELECT 1 FROM reorder_changes c WHERE c.board = b.board AND c.revision <= b.revision - greatest(p_keep, 1))
      OR EXISTS (
        SELECT 1 FROM reorder_gestures g JOIN reorder_server_compacted k ON k.board = g.board
        WHERE g.board = b.board AND g.revision <= k.through)
      ORDER BY b.board
    $$
    """

  /// `reorder_server_compact`: one batch of a board's log compaction, in the caller's transaction
  /// (one statement: its own). It deletes at most 1,000 rows (``compactionBatch``), the oldest, in log order,
  /// each both older than the board's last `p_keep_revisions` revisions and committed more than
  /// `p_keep_hours` ago, and stops at the first row that is not (the log stays a run of revisions
  /// with no hole). It never locks the board's row, so commits go on meanwhile; a second caller on
  /// the same board at the same time (another instance) gets 0 at once. `reorder_server_compacted`
  /// records the highest revision touched, which `reorder_server_changes` never returns again.
  /// Then the board's record of gestures (`reorder_gestures`, which answers a replayed gesture its
  /// revision) loses, in the same batch, its gestures at revisions compacted through, oldest first.
  /// A gesture sent again after that (its ack lost, its client away longer than the log keeps: 24 h
  /// and 10,000 revisions by default) is taken as new. Answers the rows deleted, log and gestures:
  /// fewer than a batch when the board is done.
  static let compact = """
    CREATE OR REPLACE FUNCTION public.reorder_server_compact(
      p_board text, p_keep_revisions bigint, p_keep_hours double precision) RETURNS integer
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
    DECLARE
      v_last bigint;
      v_horizon timestamptz;
      v_count integer;
      v_through bigint;
    BEGIN
      IF p_keep_revisions IS NULL OR p_keep_revisions < 1 THEN
        RAISE EXCEPTION 'compaction keeps at least the last revision' USING ERRCODE = 'RKINV';
      END IF;
      -- NaN and infinity sort above every number.
      IF p_keep_hours IS NULL OR p_keep_hours < 0 OR p_keep_hours > 1000000 THEN
        RAISE EXCEPTION 'compaction keeps 0 to 1000000 hours' USING ERRCODE = 'RKINV';
      END IF;
      IF NOT pg_try_advisory_xact_lock(7232, hashtext(p_board)) THEN
        RETURN 0;
      END IF;
      SELECT b.revision - p_keep_revisions INTO v_last FROM reorder_boards b WHERE b.board = p_board;
      IF NOT FOUND THEN
        RETURN 0;
      END IF;
      v_horizon := clock_timestamp() - make_interval(secs => p_keep_hours * 3600);
      WITH head AS (
        SELECT c.seq, c.revision, c.revision <= v_last AND c.committed_at < v_horizon AS old
        FROM reorder_changes c WHERE c.board = p_board ORDER BY c.revision, c.seq LIMIT \(compactionBatch)),
      kept AS (SELECT min(h.revision) AS revision FROM head h WHERE NOT h.old),
      gone AS (
        DELETE FROM reorder_changes c USING head h, kept k
        WHERE c.seq = h.seq AND h.old AND h.revision < coalesce(k.revision, 9223372036854775807)
        RETURNING c.revision)
      SELECT count(*), max(g.revision) INTO v_count, v_through FROM gone g;
      IF v_count > 0 THEN
        INSERT INTO reorder_server_compacted AS k (board, through) VALUES (p_board, v_through)
          ON CONFLICT (board) DO UPDATE SET through = greatest(k.through, excluded.through);
      END IF;
      SELECT k.through INTO v_through FROM reorder_server_compacted k WHERE k.board = p_board;
      IF FOUND AND v_count < \(compactionBatch) THEN
        WITH old AS (
          SELECT g.gesture FROM reorder_gestures g WHERE g.board = p_board AND g.revision <= v_through
          ORDER BY g.revision LIMIT \(compactionBatch) - v_count),
        gone AS (
          DELETE FROM reorder_gestures g USING old o WHERE g.board = p_board AND g.gesture = o.gesture
          RETURNING 1)
        SELECT v_count + count(*) INTO v_count FROM gone;
      END IF;
      RETURN v_count;
    END
    $$
    """

  /// SQLSTATE of a commit that breaks a rule (`rejected` with `invalid`); the message says which.
  static let invalidState = "RKINV"
  /// SQLSTATE of a commit into a column that is gone (`rejected` with `lostRace`).
  static let lostRaceState = "RKLST"

  /// `reorder_server_commit`: every rule of a commit, checked by the database before anything is
  /// written (the server checks them too; this is the last word). Identifiers and keys have bounded
  /// length and alphabet (``Identifier``, ``BoardName``, `OrderKey`: `0-9A-Za-z`, at most
  /// `OrderKey.maximumLength`, no trailing `0`); one gesture names a row once; a row keeps its kind
  /// (a card's parent is a column of the same board, a column stays a column); versions and the
  /// revision are checked before `+ 1`; a gesture id already used is answered its revision when the
  /// change is the same, refused otherwise. A refusal is `RKINV` (invalid) or `RKLST` (a column that
  /// is gone: lost race) with a message; nothing is written then.
  static let commit = """
    CREATE OR REPLACE FUNCTION public.reorder_server_commit(
      p_board text, p_client text, p_gesture text, p_change text, p_ids text[], p_parents text[], p_keys text[],
      p_expected bigint[])
      RETURNS TABLE (o_revision bigint, o_stale text[])
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
    DECLARE
      v_identifier constant text := '^[A-Za-z0-9._:-]{1,64}$';
      v_count int := coalesce(cardinality(p_ids), 0);
      v_revision bigint;
      v_change text;
      v_bad text;
      v_parent text;
    BEGIN
      IF p_board IS NULL OR p_board !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$' THEN
        RAISE EXCEPTION 'the board name is not 1 to 64 characters of A-Z a-z 0-9 . _ - (not starting with .)'
          USING ERRCODE = 'RKINV';
      END IF;
      IF p_client IS NULL OR p_client !~ v_identifier THEN
        RAISE EXCEPTION 'the client is not an identifier (1 to 64 characters of A-Z a-z 0-9 . _ - :)'
          USING ERRCODE = 'RKINV';
      END IF;
      IF p_gesture IS NULL OR p_gesture !~ v_identifier THEN
        RAISE EXCEPTION 'the gesture is not an identifier (1 to 64 characters of A-Z a-z 0-9 . _ - :)'
          USING ERRCODE = 'RKINV';
      END IF;
      IF p_change IS NULL OR octet_length(p_change) > 65536 THEN
        RAISE EXCEPTION 'the change is missing or over 64 KB' USING ERRCODE = 'RKINV';
      END IF;
      IF v_count NOT BETWEEN 1 AND 5000 OR array_ndims(p_ids) <> 1
        OR array_ndims(p_parents) IS DISTINCT FROM 1 OR array_ndims(p_keys) IS DISTINCT FROM 1
        OR array_ndims(p_expected) IS DISTINCT FROM 1
        OR cardinality(p_parents) <> v_count OR cardinality(p_keys) <> v_count OR cardinality(p_expected) <> v_count
      THEN
        RAISE EXCEPTION 'a commit writes 1 to 5000 rows, each with an id, a parent, a key and a version'
          USING ERRCODE = 'RKINV';
      END IF;
      IF array_position(p_ids, NULL) IS NOT NULL OR array_position(p_parents, NULL) IS NOT NULL
        OR array_position(p_keys, NULL) IS NOT NULL OR array_position(p_expected, NULL) IS NOT NULL
      THEN
        RAISE EXCEPTION 'a row has a null field' USING ERRCODE = 'RKINV';
      END IF;
      SELECT left(m.id, 64) INTO v_bad FROM unnest(p_ids) AS m(id) WHERE m.id !~ v_identifier LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'the id "%" is not an identifier (1 to 64 characters of A-Z a-z 0-9 . _ - :)', v_bad
          USING ERRCODE = 'RKINV';
      END IF;
      SELECT left(m.parent, 64) INTO v_bad FROM unnest(p_parents) AS m(parent)
        WHERE m.parent <> '' AND m.parent !~ v_identifier LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'the column "%" is not an identifier (1 to 64 characters of A-Z a-z 0-9 . _ - :)', v_bad
          USING ERRCODE = 'RKINV';
      END IF;
      SELECT left(m.key, 64) INTO v_bad FROM unnest(p_keys) AS m(key)
        WHERE m.key !~ '^[0-9A-Za-z]{0,63}[1-9A-Za-z]$' LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'the key "%" is not an order key (1 to 64 digits 0-9 A-Z a-z, the last not 0)', v_bad
          USING ERRCODE = 'RKINV';
      END IF;
      SELECT m.id INTO v_bad FROM unnest(p_ids) AS m(id) GROUP BY m.id HAVING count(*) > 1 LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION '"%" is named twice in one gesture', v_bad USING ERRCODE = 'RKINV';
      END IF;
      SELECT m.id INTO v_bad FROM unnest(p_ids, p_expected) AS m(id, expected)
        WHERE m.expected NOT BETWEEN 1 AND 9223372036854775806 LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'the version of "%" is not between 1 and 2^63 - 2 (the server only moves rows it has)', v_bad
          USING ERRCODE = 'RKINV';
      END IF;

      SELECT b.revision INTO v_revision FROM reorder_boards b WHERE b.board = p_board FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'no board %', p_board USING ERRCODE = 'no_data_found';
      END IF;
      SELECT g.change, g.revision INTO v_change, o_revision FROM reorder_gestures g
        WHERE g.board = p_board AND g.gesture = p_gesture;
      IF FOUND THEN
        IF v_change = p_change THEN
          o_stale := NULL;
          RETURN NEXT;
          RETURN;
        END IF;
        RAISE EXCEPTION 'the gesture % was committed already with another change', p_gesture USING ERRCODE = 'RKINV';
      END IF;
      PERFORM 1 FROM reorder_changes c WHERE c.board = p_board AND c.gesture = p_gesture LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'the gesture id % is taken by another commit', p_gesture USING ERRCODE = 'RKINV';
      END IF;
      IF v_revision >= 9223372036854775807 THEN
        RAISE EXCEPTION 'the board''s revision is at its limit (2^63 - 1)' USING ERRCODE = 'RKINV';
      END IF;
      FOR v_parent IN SELECT DISTINCT m.parent FROM unnest(p_parents) AS m(parent) WHERE m.parent <> '' LOOP
        SELECT r.parent INTO v_bad FROM reorder_rows r WHERE r.board = p_board AND r.id = v_parent;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'the column % is not on the board (deleted meanwhile?)', v_parent USING ERRCODE = 'RKLST';
        END IF;
        IF v_bad <> '' THEN
          RAISE EXCEPTION '% is a card, not a column', v_parent USING ERRCODE = 'RKINV';
        END IF;
      END LOOP;
      SELECT m.id INTO v_bad FROM unnest(p_ids, p_parents) AS m(id, parent)
        JOIN reorder_rows r ON r.board = p_board AND r.id = m.id
        WHERE (r.parent = '') <> (m.parent = '') LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION '"%" would change from a column to a card or back', v_bad USING ERRCODE = 'RKINV';
      END IF;

      SELECT c.o_revision, c.o_stale INTO o_revision, o_stale
        FROM public.reorder_commit(p_board, p_client, p_gesture, p_ids, p_parents, p_keys, p_expected,
          array_fill(false, ARRAY[v_count])) c;
      IF o_revision IS NOT NULL THEN
        INSERT INTO reorder_gestures (board, gesture, change, revision) VALUES (p_board, p_gesture, p_change, o_revision);
      END IF;
      RETURN NEXT;
    END
    $$
    """

  /// `reorder_server_commit_many`: a board's waiting gestures in one round trip, each through
  /// `reorder_server_commit` (every rule) in a savepoint of its own, in order, on the board locked
  /// once. Gesture `i` writes rows `sum(p_counts[1..i-1]) + 1 ...` of the row arrays. One answer row
  /// per gesture tried: `o_revision` (committed, or answered again for a replay), `o_stale`, or
  /// `o_state` (`RKINV`, `RKLST`, `23505`, `P0002`) with `o_message`, nothing written for it. It stops
  /// after the first gesture that did not commit as the board's next revision (a refusal, a stale
  /// version, a taken key, a replay): the gestures after it were placed on the server's replica as if
  /// it had, so the server places them again.
  static let commitMany = """
    CREATE OR REPLACE FUNCTION public.reorder_server_commit_many(
      p_board text, p_client text, p_gestures text[], p_changes text[], p_counts integer[], p_ids text[],
      p_parents text[], p_keys text[], p_expected bigint[])
      RETURNS TABLE (o_revision bigint, o_stale text[], o_state text, o_message text)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$
    DECLARE
      v_gestures int := coalesce(cardinality(p_gestures), 0);
      v_rows int := coalesce(cardinality(p_ids), 0);
      v_start int := 1;
      v_count int;
      v_revision bigint;
    BEGIN
      IF v_gestures NOT BETWEEN 1 AND 100 OR array_ndims(p_gestures) <> 1
        OR array_ndims(p_changes) IS DISTINCT FROM 1 OR array_ndims(p_counts) IS DISTINCT FROM 1
        OR cardinality(p_changes) <> v_gestures OR cardinality(p_counts) <> v_gestures
        OR array_position(p_counts, NULL) IS NOT NULL
        OR EXISTS (SELECT 1 FROM unnest(p_counts) AS m(n) WHERE m.n NOT BETWEEN 1 AND 5000)
        OR (SELECT sum(m.n) FROM unnest(p_counts) AS m(n)) <> v_rows
        OR array_ndims(p_ids) IS DISTINCT FROM 1 OR array_ndims(p_parents) IS DISTINCT FROM 1
        OR array_ndims(p_keys) IS DISTINCT FROM 1 OR array_ndims(p_expected) IS DISTINCT FROM 1
        OR cardinality(p_parents) <> v_rows OR cardinality(p_keys) <> v_rows OR cardinality(p_expected) <> v_rows
      THEN
        RAISE EXCEPTION 'a batch is 1 to 100 gestures, each with a change and 1 to 5000 rows, the rows counted'
          USING ERRCODE = 'RKINV';
      END IF;
      SELECT b.revision INTO v_revision FROM reorder_boards b WHERE b.board = p_board FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'no board %', p_board USING ERRCODE = 'no_data_found';
      END IF;
      FOR i IN 1..v_gestures LOOP
        v_count := p_counts[i];
        o_revision := NULL;
        o_stale := NULL;
        o_state := NULL;
        o_message := NULL;
        BEGIN
          SELECT c.o_revision, c.o_stale INTO o_revision, o_stale
            FROM public.reorder_server_commit(p_board, p_client, p_gestures[i], p_changes[i],
              p_ids[v_start:v_start + v_count - 1], p_parents[v_start:v_start + v_count - 1],
              p_keys[v_start:v_start + v_count - 1], p_expected[v_start:v_start + v_count - 1]) c;
        EXCEPTION
          WHEN unique_violation OR no_data_found OR SQLSTATE 'RKINV' OR SQLSTATE 'RKLST' THEN
            o_revision := NULL;
            o_stale := NULL;
            o_state := SQLSTATE;
            o_message := SQLERRM;
        END;
        RETURN NEXT;
        -- Two tests, not one OR: SQL need not test the bound before it adds.
        IF o_revision IS NULL OR v_revision >= 9223372036854775807 THEN
          RETURN;
        END IF;
        IF o_revision <> v_revision + 1 THEN
          RETURN;
        END IF;
        v_revision := o_revision;
        v_start := v_start + v_count;
      END LOOP;
    END
    $$
    """
}
