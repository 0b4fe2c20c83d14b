package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// SQLite is a Store in a SQLite file, for one process: writes go through
// one connection, reads through several (the file is in WAL mode). It is
// also the process's Notifier.
type SQLite struct {
	w   *sql.DB // the one writing connection
	r   *sql.DB // reading connections (w itself for ":memory:")
	hub *hub

	lines *batcher // appends log lines
}

var (
	_ Store    = (*SQLite)(nil)
	_ Notifier = (*SQLite)(nil)
)

// sqliteNow is the database clock in microseconds since 1970 UTC.
const sqliteNow = `CAST(unixepoch('subsec') * 1000000 AS INTEGER)`

// OpenSQLite opens (creating it if need be) the SQLite store in the file at
// path and brings its schema up to date. The path ":memory:" is a store in
// memory that lasts until Close.
func OpenSQLite(path string) (*SQLite, error) {
	return openSQLite(path, migrationFiles, "migrations/sqlite")
}

// openSQLite opens the store at path with the migrations in dir of fsys.
func openSQLite(path string, fsys fs.FS, dir string) (*SQLite, error) {
	if path == "" || strings.ContainsAny(path, "?#") || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("store: %q is not a SQLite file name", path)
	}
	ms, err := migrations(fsys, dir)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate")
	mem := path == ":memory:"
	if !mem {
		q.Add("_pragma", "journal_mode(WAL)")
	}
	w, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	s := &SQLite{w: w, r: w, hub: newHub()}
	ctx := context.Background()
	if err := s.migrate(ctx, ms); err != nil {
		w.Close()
		return nil, err
	}
	if !mem {
		q := url.Values{}
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "query_only(1)")
		r, err := sql.Open("sqlite", path+"?"+q.Encode())
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("store: open %s: %w", path, err)
		}
		r.SetMaxOpenConns(8)
		r.SetMaxIdleConns(8)
		s.r = r
	}
	s.lines = newBatcher(1, s.appendBatch) // one writing connection
	return s, nil
}

// migrate applies the migrations the database lacks, all in one
// transaction.
func (s *SQLite) migrate(ctx context.Context, ms []migration) (err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version INTEGER PRIMARY KEY,
		applied INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if have > len(ms) {
		return fmt.Errorf("store: database schema version %d is newer than this program's %d", have, len(ms))
	}
	for _, m := range ms[have:] {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, applied) VALUES (?, `+sqliteNow+`)`, m.version); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	return nil
}

// version returns the database's schema version.
func (s *SQLite) version(ctx context.Context) (int, error) {
	var v int
	err := s.r.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// micros is t in microseconds since 1970 UTC.
func micros(t time.Time) int64 { return t.UnixMicro() }

// fromMicros is the time us microseconds after 1970 UTC.
func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// CreateTable stores a new table (ErrExists if its id is taken).
func (s *SQLite) CreateTable(ctx context.Context, t Table) (err error) {
	if err := checkTable(&t); err != nil {
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var created any // nil: the database's clock
	if !t.Created.IsZero() {
		created = micros(t.Created)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO tables (id, game, options, seed, status, outcome, created, updated, host, preset, lobby)
		VALUES (?, ?, ?, ?, ?, ?, coalesce(?, `+sqliteNow+`), `+sqliteNow+`, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`,
		t.ID, t.Game, nullBytes(t.Options), int64(t.Seed), int(t.Status), nullBytes(t.Outcome), created, t.Host, t.Preset, t.Lobby)
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	} else if n == 0 {
		return fmt.Errorf("%w: %s", ErrExists, t.ID)
	}
	for i, st := range t.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (table_id, i, kind, level, name, token_hash, player)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, t.ID, i, st.Kind, st.Level, st.Name, nullBytes(st.TokenHash), st.Player); err != nil {
			return fmt.Errorf("store: create table %s: %w", t.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return nil
}

// Table returns a table (ErrNotFound).
func (s *SQLite) Table(ctx context.Context, id string) (Table, error) {
	ts, err := s.tables(ctx, `SELECT * FROM tables WHERE id = ?`, id)
	if err != nil {
		return Table{}, fmt.Errorf("store: table %s: %w", id, err)
	}
	if len(ts) == 0 {
		return Table{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return ts[0], nil
}

// Active lists the tables waiting or being played, oldest first.
func (s *SQLite) Active(ctx context.Context) ([]Table, error) {
	ts, err := s.tables(ctx, `SELECT * FROM tables WHERE status IN (1, 2)`)
	if err != nil {
		return nil, fmt.Errorf("store: active tables: %w", err)
	}
	// tables lists newest first.
	for i, j := 0, len(ts)-1; i < j; i, j = i+1, j-1 {
		ts[i], ts[j] = ts[j], ts[i]
	}
	return ts, nil
}

// Lobby lists the waiting tables listed in the lobby with a free person's
// seat, newest first, at most limit of them (all when limit <= 0).
func (s *SQLite) Lobby(ctx context.Context, limit int) ([]Table, error) {
	if limit <= 0 {
		limit = -1
	}
	ts, err := s.tables(ctx, `SELECT * FROM tables
		WHERE status = ? AND lobby = 1
			AND id IN (SELECT table_id FROM seats WHERE kind = 'person' AND player = '')
		ORDER BY created DESC, seq DESC LIMIT ?`, int(Waiting), limit)
	if err != nil {
		return nil, fmt.Errorf("store: the lobby: %w", err)
	}
	return ts, nil
}

// PlayerTables lists the tables a player took a seat at, newest first, at
// most limit of them (all when limit <= 0).
func (s *SQLite) PlayerTables(ctx context.Context, player string, limit int) ([]Table, error) {
	if limit <= 0 {
		limit = -1
	}
	ts, err := s.tables(ctx, `SELECT * FROM tables
		WHERE id IN (SELECT table_id FROM seats WHERE player = ? AND player <> '')
		ORDER BY created DESC, seq DESC LIMIT ?`, player, limit)
	if err != nil {
		return nil, fmt.Errorf("store: tables of player %s: %w", player, err)
	}
	return ts, nil
}

// tables runs the query sel over the tables table (with args) and returns
// the tables it picks with their seats, newest first.
func (s *SQLite) tables(ctx context.Context, sel string, args ...any) ([]Table, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT t.id, t.game, t.options, t.seed, t.status, t.outcome, t.created, t.updated,
			t.host, t.preset, t.lobby, s.i, s.kind, s.level, s.name, s.token_hash, s.player
		FROM (`+sel+`) t LEFT JOIN seats s ON s.table_id = t.id
		ORDER BY t.created DESC, t.seq DESC, s.i`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ts []Table
	for rows.Next() {
		var (
			t                Table
			seed             int64
			status           int
			created, updated int64
			i                sql.NullInt64
			kind, level      sql.NullString
			name, player     sql.NullString
			hash             []byte
			options, outcome []byte
		)
		if err := rows.Scan(&t.ID, &t.Game, &options, &seed, &status, &outcome, &created, &updated,
			&t.Host, &t.Preset, &t.Lobby, &i, &kind, &level, &name, &hash, &player); err != nil {
			return nil, err
		}
		if n := len(ts); n == 0 || ts[n-1].ID != t.ID {
			t.Options, t.Outcome = options, outcome
			t.Seed = uint64(seed)
			t.Status = Status(status)
			t.Created = fromMicros(created)
			t.Updated = fromMicros(updated)
			ts = append(ts, t)
		}
		if i.Valid {
			last := &ts[len(ts)-1]
			last.Seats = append(last.Seats, Seat{Kind: kind.String, Level: level.String, Name: name.String, TokenHash: hash, Player: player.String})
		}
	}
	return ts, rows.Err()
}

// SetSeat replaces seat i of table id.
func (s *SQLite) SetSeat(ctx context.Context, id string, i int, st Seat) (err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	res, err := tx.ExecContext(ctx, `UPDATE seats SET kind = ?, level = ?, name = ?, token_hash = ?, player = ?
		WHERE table_id = ? AND i = ?`, st.Kind, st.Level, st.Name, nullBytes(st.TokenHash), st.Player, id, i)
	if err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	} else if n == 0 {
		return s.missing(ctx, tx, id, fmt.Errorf("store: table %s has no seat %d", id, i))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tables SET updated = `+sqliteNow+` WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	}
	return nil
}

// SetSeats replaces every seat of table id at once.
func (s *SQLite) SetSeats(ctx context.Context, id string, seats []Seat) (err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: table %s seats: %w", id, err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seats WHERE table_id = ?`, id).Scan(&have); err != nil {
		return fmt.Errorf("store: table %s seats: %w", id, err)
	}
	if have != len(seats) {
		return s.missing(ctx, tx, id, fmt.Errorf("store: table %s has %d seats, not %d", id, have, len(seats)))
	}
	for i, st := range seats {
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET kind = ?, level = ?, name = ?, token_hash = ?, player = ?
			WHERE table_id = ? AND i = ?`, st.Kind, st.Level, st.Name, nullBytes(st.TokenHash), st.Player, id, i); err != nil {
			return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tables SET updated = `+sqliteNow+` WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: table %s seats: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: table %s seats: %w", id, err)
	}
	return nil
}

// AppendChat stores chat line c.N of table id.
func (s *SQLite) AppendChat(ctx context.Context, id string, c ChatLine) error {
	if err := checkChat(id, c); err != nil {
		return err
	}
	at := c.At
	if at.IsZero() {
		at = time.Now()
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO chat (table_id, n, at, seat, name, text)
		SELECT ?1, ?2, ?3, ?4, ?5, ?6
		WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?1)
			AND (SELECT count(*) FROM chat WHERE table_id = ?1) = ?2
		ON CONFLICT DO NOTHING`, id, c.N, micros(at), c.Seat, c.Name, c.Text)
	if err != nil {
		return fmt.Errorf("store: table %s chat %d: %w", id, c.N, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: table %s chat %d: %w", id, c.N, err)
	} else if n == 0 {
		return s.missing(ctx, s.r, id, fmt.Errorf("%w: table %s chat line %d", ErrConflict, id, c.N))
	}
	return nil
}

// Chat returns the last limit chat lines of table id, oldest first.
func (s *SQLite) Chat(ctx context.Context, id string, limit int) ([]ChatLine, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT n, at, seat, name, text FROM
		(SELECT * FROM chat WHERE table_id = ? ORDER BY n DESC LIMIT ?) ORDER BY n`, id, limit)
	if err != nil {
		return nil, fmt.Errorf("store: table %s chat: %w", id, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var c ChatLine
		var at int64
		if err := rows.Scan(&c.N, &at, &c.Seat, &c.Name, &c.Text); err != nil {
			return nil, fmt.Errorf("store: table %s chat: %w", id, err)
		}
		c.At = fromMicros(at)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: table %s chat: %w", id, err)
	}
	return out, nil
}

// missing returns ErrNotFound if table id does not exist, else err.
func (s *SQLite) missing(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id string, err error) error {
	var one int
	switch e := q.QueryRowContext(ctx, `SELECT 1 FROM tables WHERE id = ?`, id).Scan(&one); {
	case errors.Is(e, sql.ErrNoRows):
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	case e != nil:
		return fmt.Errorf("store: table %s: %w", id, e)
	}
	return err
}

// SetStatus records a table's status and, once over, its outcome.
func (s *SQLite) SetStatus(ctx context.Context, id string, st Status, outcome json.RawMessage) error {
	if st < Waiting || st > Abandoned {
		return fmt.Errorf("store: table %s: status %d unknown", id, st)
	}
	res, err := s.w.ExecContext(ctx, `UPDATE tables SET status = ?, outcome = coalesce(?, outcome), updated = `+sqliteNow+`
		WHERE id = ?`, int(st), nullBytes(outcome), id)
	if err != nil {
		return fmt.Errorf("store: table %s status: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: table %s status: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return nil
}

// AppendLine appends line n (from 0, the header) to the table's log.
// Lines that several goroutines append at once are committed together, in
// one transaction (one sync of the file for all of them).
func (s *SQLite) AppendLine(ctx context.Context, id string, n int, line []byte) error {
	return s.lines.append(ctx, id, n, line)
}

// sqliteAppend appends a line if it is the next of an existing table.
const sqliteAppend = `INSERT INTO lines (table_id, n, line)
	SELECT ?1, ?2, ?3
	WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?1)
		AND (?2 = 0 OR EXISTS (SELECT 1 FROM lines WHERE table_id = ?1 AND n = ?2 - 1))
	ON CONFLICT DO NOTHING`

// appendBatch appends the lines of batch in one transaction, setting errs[i]
// to the outcome of batch[i].
func (s *SQLite) appendBatch(batch []*appendReq, errs []error) {
	ctx := context.Background() // the lines' own contexts are checked one by one
	fail := func(err error) {
		for i, r := range batch {
			errs[i] = fmt.Errorf("store: table %s line %d: %w", r.id, r.n, err)
		}
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	stmt, err := tx.PrepareContext(ctx, sqliteAppend)
	if err != nil {
		tx.Rollback()
		fail(err)
		return
	}
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		res, err := stmt.ExecContext(ctx, r.id, r.n, r.line)
		if err == nil {
			var k int64
			if k, err = res.RowsAffected(); err == nil && k == 0 {
				err = s.missing(ctx, tx, r.id, fmt.Errorf("%w: table %s line %d", ErrConflict, r.id, r.n))
				errs[i] = err
				continue
			}
		}
		if err != nil {
			// The transaction may be gone with the statement: give up
			// the whole batch.
			tx.Rollback()
			fail(err)
			return
		}
		errs[i] = nil
	}
	stmt.Close()
	if err := tx.Commit(); err != nil {
		fail(err)
	}
}

// Lines returns the table's log lines from line from on, in order.
func (s *SQLite) Lines(ctx context.Context, id string, from int) (lines [][]byte, err error) {
	if from < 0 {
		return nil, fmt.Errorf("store: table %s: line %d", id, from)
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("store: table %s lines: %w", id, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT line FROM lines WHERE table_id = ? AND n >= ? ORDER BY n`, id, from)
	if err != nil {
		return nil, fmt.Errorf("store: table %s lines: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var l []byte
		if err := rows.Scan(&l); err != nil {
			return nil, fmt.Errorf("store: table %s lines: %w", id, err)
		}
		if l == nil {
			l = []byte{}
		}
		lines = append(lines, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: table %s lines: %w", id, err)
	}
	if len(lines) == 0 {
		if err := s.missing(ctx, tx, id, nil); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// Lease gives table id to owner for ttl if no other owner holds an
// unexpired lease, or renews owner's own lease; it reports whether owner
// holds the lease now.
func (s *SQLite) Lease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error) {
	if err := checkLease(id, owner, ttl); err != nil {
		return false, err
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO leases (table_id, owner, expires)
		SELECT ?1, ?2, `+sqliteNow+` + ?3
		WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?1)
		ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
		WHERE leases.owner = excluded.owner OR leases.expires <= `+sqliteNow,
		id, owner, ttl.Microseconds())
	if err != nil {
		return false, fmt.Errorf("store: lease of table %s: %w", id, err)
	}
	if k, err := res.RowsAffected(); err != nil {
		return false, fmt.Errorf("store: lease of table %s: %w", id, err)
	} else if k == 0 {
		return false, s.missing(ctx, s.w, id, nil)
	}
	return true, nil
}

// Release gives up owner's lease of table id.
func (s *SQLite) Release(ctx context.Context, id, owner string) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM leases WHERE table_id = ? AND owner = ?`, id, owner); err != nil {
		return fmt.Errorf("store: release of table %s: %w", id, err)
	}
	return nil
}

// Notify sends payload to the listeners of channel in this process.
func (s *SQLite) Notify(ctx context.Context, channel string, payload []byte) error {
	if err := checkNotify(channel, payload); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.hub.isClosed() {
		return ErrClosed
	}
	s.hub.publish(channel, payload)
	return nil
}

// Listen returns the messages sent to channel from now on, until ctx is
// done or the store closed.
func (s *SQLite) Listen(ctx context.Context, channel string) (<-chan []byte, error) {
	return s.hub.listen(ctx, channel)
}

// Ping reports whether the database file can be read.
func (s *SQLite) Ping(ctx context.Context) error {
	if s.hub.isClosed() {
		return ErrClosed
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT 1`).Scan(&n); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close closes the store.
func (s *SQLite) Close() error {
	s.hub.close()
	s.lines.close() // the lines being appended are committed or refused
	var err error
	if s.r != s.w {
		err = s.r.Close()
	}
	return errors.Join(err, s.w.Close())
}

// nullBytes is b, or SQL NULL for nil.
func nullBytes(b []byte) any {
	if b == nil {
		return nil
	}
	return b
}

// checkTable checks a table to create and gives it a status if it has none.
func checkTable(t *Table) error {
	switch {
	case t.ID == "":
		return fmt.Errorf("store: table without an id")
	case t.Status > Abandoned:
		return fmt.Errorf("store: table %s: status %d unknown", t.ID, t.Status)
	}
	if t.Status == NoStatus {
		t.Status = Waiting
	}
	return nil
}

// checkChat checks a chat line to store.
func checkChat(id string, c ChatLine) error {
	switch {
	case c.N < 0:
		return fmt.Errorf("store: table %s: chat line %d", id, c.N)
	case utf8.RuneCountInString(c.Text) > MaxChat:
		return fmt.Errorf("store: table %s chat line %d: more than %d characters", id, c.N, MaxChat)
	case !utf8.ValidString(c.Text) || !utf8.ValidString(c.Name):
		return fmt.Errorf("store: table %s chat line %d: not UTF-8", id, c.N)
	}
	return nil
}

// checkLine checks a line to append.
func checkLine(id string, n int, line []byte) error {
	switch {
	case n < 0 || n > math.MaxInt32:
		return fmt.Errorf("store: table %s: line %d", id, n)
	case len(line) > MaxLine:
		return fmt.Errorf("store: table %s line %d: %d bytes over the limit of %d", id, n, len(line), MaxLine)
	}
	return nil
}

// checkLease checks a lease to take.
func checkLease(id, owner string, ttl time.Duration) error {
	switch {
	case owner == "":
		return fmt.Errorf("store: lease of table %s without an owner", id)
	case ttl < time.Millisecond:
		return fmt.Errorf("store: lease of table %s for %v, under a millisecond", id, ttl)
	}
	return nil
}
