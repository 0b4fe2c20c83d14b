package store

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is a Store in a PostgreSQL database that several processes
// share. It is also their Notifier, by LISTEN/NOTIFY on one dedicated
// connection.
type Postgres struct {
	pool    *pgxpool.Pool
	connCfg *pgx.ConnConfig // for the listening connection
	pgChan  string          // the PostgreSQL channel of this schema's notifications
	hub     *hub
	lines   *batcher // appends log lines

	busOnce sync.Once
	busUp   chan struct{} // closed once the listening connection first listens
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{} // closed when the listening goroutine ends
	pid     atomic.Uint32 // the listening connection's backend, for tests

	batchFailures atomic.Int64 // batches of lines that failed as one, for tests

	notifies  chan *notifyReq // notifications for notifyLoop to send
	notifying sync.WaitGroup  // the notifyLoops
	notifyTx  atomic.Int64    // transactions that sent notifications, for tests
}

var (
	_ Store    = (*Postgres)(nil)
	_ Notifier = (*Postgres)(nil)
)

// pgBatchers is how many batches of lines a Postgres store commits at
// once: while one waits for its commit, the next gathers lines.
const pgBatchers = 4

// defaultPoolConns is the pool's size when the DSN does not set
// pool_max_conns.
const defaultPoolConns = 16

// OpenPostgres connects to the PostgreSQL database of dsn (a
// postgres://… URL or key=value string, as pgx reads it) and brings its
// schema up to date. The tables live in the first schema of the search
// path: a DSN option search_path=NAME keeps one site's tables (or one
// test's) apart from another's in the same database, notifications
// included. Several processes may open the same database at once: they
// take turns migrating it. Its errors never hold the DSN's password.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	p, err := openPostgres(ctx, dsn, migrationFiles, "migrations/postgres")
	if err != nil {
		return nil, redactErr(err, dsn)
	}
	return p, nil
}

// openPostgres opens the store of dsn with the migrations in dir of fsys.
func openPostgres(ctx context.Context, dsn string, fsys fs.FS, dir string) (*Postgres, error) {
	ms, err := migrations(fsys, dir)
	if err != nil {
		return nil, err
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultPoolConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var schema *string
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	if schema == nil {
		pool.Close()
		return nil, fmt.Errorf("store: no schema of the search path %q exists", cfg.ConnConfig.RuntimeParams["search_path"])
	}
	if err := pgMigrate(ctx, pool, *schema, ms); err != nil {
		pool.Close()
		return nil, err
	}
	sum := sha256.Sum256([]byte(*schema))
	p := &Postgres{
		pool:    pool,
		connCfg: cfg.ConnConfig.Copy(),
		pgChan:  "felt_" + hex.EncodeToString(sum[:8]),
		hub:     newHub(),
		busUp:   make(chan struct{}),
		done:    make(chan struct{}),
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.lines = newBatcher(pgBatchers, p.appendBatch)
	p.notifies = make(chan *notifyReq)
	for range pgNotifiers {
		p.notifying.Go(p.notifyLoop)
	}
	return p, nil
}

// pgMigrate applies the migrations schema lacks, all in one transaction
// that holds an advisory lock of the schema's, so that processes starting
// together take turns.
func pgMigrate(ctx context.Context, pool *pgxpool.Pool, schema string, ms []migration) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('felt.store.migrate.' || $1::text))`, schema); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version integer PRIMARY KEY,
			applied timestamptz NOT NULL DEFAULT clock_timestamp())`); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		if have > len(ms) {
			return fmt.Errorf("store: database schema version %d is newer than this program's %d", have, len(ms))
		}
		for _, m := range ms[have:] {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("store: migration %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, m.version); err != nil {
				return fmt.Errorf("store: migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// version returns the database's schema version.
func (p *Postgres) version(ctx context.Context) (int, error) {
	var v int
	err := p.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// CreateTable stores a new table (ErrExists if its id is taken).
func (p *Postgres) CreateTable(ctx context.Context, t Table) error {
	if err := checkTable(&t); err != nil {
		return err
	}
	var created *time.Time // nil: the database's clock
	if !t.Created.IsZero() {
		created = &t.Created
	}
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO tables (id, game, options, seed, status, outcome, created, updated, host, preset, lobby)
			VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, clock_timestamp()), clock_timestamp(), $8, $9, $10)
			ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Game, []byte(t.Options), int64(t.Seed), int16(t.Status), []byte(t.Outcome), created, t.Host, t.Preset, t.Lobby)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrExists
		}
		for i, st := range t.Seats {
			if _, err := tx.Exec(ctx, `INSERT INTO seats (table_id, i, kind, level, name, token_hash, player)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, t.ID, i, st.Kind, st.Level, st.Name, st.TokenHash, st.Player); err != nil {
				return err
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, ErrExists):
		return fmt.Errorf("%w: %s", ErrExists, t.ID)
	case err != nil:
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return nil
}

// Table returns a table (ErrNotFound).
func (p *Postgres) Table(ctx context.Context, id string) (Table, error) {
	ts, err := p.tables(ctx, `SELECT * FROM tables WHERE id = $1`, id)
	if err != nil {
		return Table{}, fmt.Errorf("store: table %s: %w", id, err)
	}
	if len(ts) == 0 {
		return Table{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return ts[0], nil
}

// Active lists the tables waiting or being played, oldest first.
func (p *Postgres) Active(ctx context.Context) ([]Table, error) {
	ts, err := p.tables(ctx, `SELECT * FROM tables WHERE status IN (1, 2)`)
	if err != nil {
		return nil, fmt.Errorf("store: active tables: %w", err)
	}
	for i, j := 0, len(ts)-1; i < j; i, j = i+1, j-1 {
		ts[i], ts[j] = ts[j], ts[i]
	}
	return ts, nil
}

// Lobby lists the waiting tables listed in the lobby with a free person's
// seat, newest first, at most limit of them (all when limit <= 0).
func (p *Postgres) Lobby(ctx context.Context, limit int) ([]Table, error) {
	var lim *int // nil: LIMIT NULL, no limit
	if limit > 0 {
		lim = &limit
	}
	ts, err := p.tables(ctx, `SELECT * FROM tables
		WHERE status = $1 AND lobby
			AND id IN (SELECT table_id FROM seats WHERE kind = 'person' AND player = '')
		ORDER BY created DESC, seq DESC LIMIT $2`, int16(Waiting), lim)
	if err != nil {
		return nil, fmt.Errorf("store: the lobby: %w", err)
	}
	return ts, nil
}

// PlayerTables lists the tables a player took a seat at, newest first, at
// most limit of them (all when limit <= 0).
func (p *Postgres) PlayerTables(ctx context.Context, player string, limit int) ([]Table, error) {
	var lim *int // nil: LIMIT NULL, no limit
	if limit > 0 {
		lim = &limit
	}
	ts, err := p.tables(ctx, `SELECT * FROM tables
		WHERE id IN (SELECT table_id FROM seats WHERE player = $1 AND player <> '')
		ORDER BY created DESC, seq DESC LIMIT $2`, player, lim)
	if err != nil {
		return nil, fmt.Errorf("store: tables of player %s: %w", player, err)
	}
	return ts, nil
}

// tables runs the query sel over the tables table (with args) and returns
// the tables it picks with their seats, newest first.
func (p *Postgres) tables(ctx context.Context, sel string, args ...any) ([]Table, error) {
	rows, err := p.pool.Query(ctx, `SELECT t.id, t.game, t.options, t.seed, t.status, t.outcome, t.created, t.updated,
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
			t                  Table
			options, outcome   []byte
			seed               int64
			status             int16
			i                  *int32
			kind, level        *string
			name, player       *string
			hash               []byte
			created, updatedAt time.Time
		)
		if err := rows.Scan(&t.ID, &t.Game, &options, &seed, &status, &outcome, &created, &updatedAt,
			&t.Host, &t.Preset, &t.Lobby, &i, &kind, &level, &name, &hash, &player); err != nil {
			return nil, err
		}
		if n := len(ts); n == 0 || ts[n-1].ID != t.ID {
			t.Options = options
			t.Outcome = outcome
			t.Seed = uint64(seed)
			t.Status = Status(status)
			t.Created = created.UTC()
			t.Updated = updatedAt.UTC()
			ts = append(ts, t)
		}
		if i != nil {
			last := &ts[len(ts)-1]
			last.Seats = append(last.Seats, Seat{Kind: deref(kind), Level: deref(level), Name: deref(name), TokenHash: hash, Player: deref(player)})
		}
	}
	return ts, rows.Err()
}

// deref is *s, or "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// SetSeat replaces seat i of table id.
func (p *Postgres) SetSeat(ctx context.Context, id string, i int, st Seat) error {
	tag, err := p.pool.Exec(ctx, `WITH s AS (
			UPDATE seats SET kind = $3, level = $4, name = $5, token_hash = $6, player = $7
			WHERE table_id = $1 AND i = $2 RETURNING table_id)
		UPDATE tables SET updated = clock_timestamp() WHERE id IN (SELECT table_id FROM s)`,
		id, i, st.Kind, st.Level, st.Name, st.TokenHash, st.Player)
	if err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", id, i, err)
	}
	if tag.RowsAffected() == 0 {
		return p.missing(ctx, id, fmt.Errorf("store: table %s has no seat %d", id, i))
	}
	return nil
}

// SetSeats replaces every seat of table id at once.
func (p *Postgres) SetSeats(ctx context.Context, id string, seats []Seat) error {
	errCount := errors.New("seat count")
	have := 0
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM seats WHERE table_id = $1`, id).Scan(&have); err != nil {
			return err
		}
		if have != len(seats) {
			return errCount
		}
		for i, st := range seats {
			if _, err := tx.Exec(ctx, `UPDATE seats SET kind = $3, level = $4, name = $5, token_hash = $6, player = $7
				WHERE table_id = $1 AND i = $2`, id, i, st.Kind, st.Level, st.Name, st.TokenHash, st.Player); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE tables SET updated = clock_timestamp() WHERE id = $1`, id)
		return err
	})
	switch {
	case errors.Is(err, errCount):
		return p.missing(ctx, id, fmt.Errorf("store: table %s has %d seats, not %d", id, have, len(seats)))
	case err != nil:
		return fmt.Errorf("store: table %s seats: %w", id, err)
	}
	return nil
}

// AppendChat stores chat line c.N of table id.
func (p *Postgres) AppendChat(ctx context.Context, id string, c ChatLine) error {
	if err := checkChat(id, c); err != nil {
		return err
	}
	var at *time.Time // nil: the database's clock
	if !c.At.IsZero() {
		at = &c.At
	}
	tag, err := p.pool.Exec(ctx, `INSERT INTO chat (table_id, n, at, seat, name, text)
		SELECT $1, $2::integer, coalesce($3, clock_timestamp()), $4, $5, $6
		WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1)
			AND (SELECT count(*) FROM chat WHERE table_id = $1) = $2::integer
		ON CONFLICT DO NOTHING`, id, c.N, at, c.Seat, c.Name, c.Text)
	if err != nil {
		return fmt.Errorf("store: table %s chat %d: %w", id, c.N, err)
	}
	if tag.RowsAffected() == 0 {
		return p.missing(ctx, id, fmt.Errorf("%w: table %s chat line %d", ErrConflict, id, c.N))
	}
	return nil
}

// Chat returns the last limit chat lines of table id, oldest first.
func (p *Postgres) Chat(ctx context.Context, id string, limit int) ([]ChatLine, error) {
	rows, err := p.pool.Query(ctx, `SELECT n, at, seat, name, text FROM
		(SELECT * FROM chat WHERE table_id = $1 ORDER BY n DESC LIMIT $2) c ORDER BY n`, id, limit)
	if err != nil {
		return nil, fmt.Errorf("store: table %s chat: %w", id, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var c ChatLine
		if err := rows.Scan(&c.N, &c.At, &c.Seat, &c.Name, &c.Text); err != nil {
			return nil, fmt.Errorf("store: table %s chat: %w", id, err)
		}
		c.At = c.At.UTC()
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: table %s chat: %w", id, err)
	}
	return out, nil
}

// missing returns ErrNotFound if table id does not exist, else err.
func (p *Postgres) missing(ctx context.Context, id string, err error) error {
	var one int
	switch e := p.pool.QueryRow(ctx, `SELECT 1 FROM tables WHERE id = $1`, id).Scan(&one); {
	case errors.Is(e, pgx.ErrNoRows):
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	case e != nil:
		return fmt.Errorf("store: table %s: %w", id, e)
	}
	return err
}

// SetStatus records a table's status and, once over, its outcome.
func (p *Postgres) SetStatus(ctx context.Context, id string, st Status, outcome json.RawMessage) error {
	if st < Waiting || st > Abandoned {
		return fmt.Errorf("store: table %s: status %d unknown", id, st)
	}
	tag, err := p.pool.Exec(ctx, `UPDATE tables SET status = $2, outcome = coalesce($3, outcome), updated = clock_timestamp()
		WHERE id = $1`, id, int16(st), []byte(outcome))
	if err != nil {
		return fmt.Errorf("store: table %s status: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return nil
}

// AppendLine appends line n (from 0, the header) to the table's log.
// Lines that several goroutines of this process append at once are
// committed together, in one transaction.
func (p *Postgres) AppendLine(ctx context.Context, id string, n int, line []byte) error {
	return p.lines.append(ctx, id, n, line)
}

// pgAppend appends a line if it is the next of an existing table.
const pgAppend = `INSERT INTO lines (table_id, n, line)
	SELECT $1::text, $2::integer, $3::bytea
	WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1)
		AND ($2 = 0 OR EXISTS (SELECT 1 FROM lines WHERE table_id = $1 AND n = $2 - 1))
	ON CONFLICT DO NOTHING`

// appendRows appends the lines batch[queued[…]] in one statement (one
// transaction) if they are of different tables, else in one pipeline of
// statements (one implicit transaction), setting errs[i] to ErrConflict for
// each line batch[i] not appended. It fails if any statement fails, having
// appended nothing.
func (p *Postgres) appendRows(ctx context.Context, batch []*appendReq, queued []int, errs []error) error {
	ids := make([]string, len(queued))
	ns := make([]int32, len(queued))
	lines := make([][]byte, len(queued))
	for k, i := range queued {
		ids[k], ns[k], lines[k] = batch[i].id, int32(batch[i].n), batch[i].line
	}
	pipeline := false
	for k := 1; k < len(ids); k++ {
		pipeline = pipeline || ids[k] == ids[k-1] // queued is sorted
	}
	if !pipeline {
		// One statement's rows do not see each other: two lines of one
		// table, n and n+1, would not both be appended.
		rows, err := p.pool.Query(ctx, pgAppendRows, ids, ns, lines)
		if err != nil {
			return err
		}
		type key struct {
			id string
			n  int32
		}
		appended := make(map[key]bool, len(queued))
		var k key
		_, err = pgx.ForEachRow(rows, []any{&k.id, &k.n}, func() error {
			appended[k] = true
			return nil
		})
		if err != nil {
			return err
		}
		for j, i := range queued {
			if !appended[key{ids[j], ns[j]}] {
				errs[i] = ErrConflict
			}
		}
		return nil
	}
	// A batch is sent in one go and runs as one implicit transaction:
	// one commit for all its lines, or none if a statement fails.
	var b pgx.Batch
	for k := range ids {
		b.Queue(pgAppend, ids[k], ns[k], lines[k])
	}
	res := p.pool.SendBatch(ctx, &b)
	var err error
	for _, i := range queued {
		var tag pgconn.CommandTag
		if tag, err = res.Exec(); err != nil {
			break
		}
		if tag.RowsAffected() == 0 {
			errs[i] = ErrConflict
		}
	}
	return errors.Join(err, res.Close())
}

// pgAppendRows appends the lines of arrays $1 (table ids), $2 (line
// numbers) and $3 (lines) that are the next of existing tables, of
// different tables, and returns the appended lines' tables and numbers.
const pgAppendRows = `INSERT INTO lines (table_id, n, line)
	SELECT u.id, u.n, u.line FROM unnest($1::text[], $2::integer[], $3::bytea[]) AS u (id, n, line)
	WHERE EXISTS (SELECT 1 FROM tables WHERE id = u.id)
		AND (u.n = 0 OR EXISTS (SELECT 1 FROM lines l WHERE l.table_id = u.id AND l.n = u.n - 1))
	ON CONFLICT DO NOTHING
	RETURNING table_id, n`

// appendBatch appends the lines of batch in one transaction, setting errs[i]
// to the outcome of batch[i].
func (p *Postgres) appendBatch(batch []*appendReq, errs []error) {
	ctx := context.Background()          // the lines' own contexts are checked one by one
	queued := make([]int, 0, len(batch)) // the batch indexes of the lines to append
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		queued = append(queued, i)
	}
	// Lines in the order of their rows, the same in every process, so
	// that two processes' batches never wait for each other's rows.
	slices.SortFunc(queued, func(i, j int) int {
		return cmp.Or(strings.Compare(batch[i].id, batch[j].id), cmp.Compare(batch[i].n, batch[j].n))
	})
	if len(queued) == 0 {
		return
	}
	err := p.appendRows(ctx, batch, queued, errs)
	if err != nil {
		p.batchFailures.Add(1)
		// One line's failure must not be the others': append them one
		// by one.
		for _, i := range queued {
			errs[i] = nil
			tag, err := p.pool.Exec(ctx, pgAppend, batch[i].id, int32(batch[i].n), batch[i].line)
			switch {
			case err != nil:
				errs[i] = fmt.Errorf("store: table %s line %d: %w", batch[i].id, batch[i].n, err)
			case tag.RowsAffected() == 0:
				errs[i] = ErrConflict
			}
		}
	}
	for _, i := range queued {
		if errs[i] == ErrConflict {
			r := batch[i]
			errs[i] = p.missing(ctx, r.id, fmt.Errorf("%w: table %s line %d", ErrConflict, r.id, r.n))
		}
	}
}

// Lines returns the table's log lines from line from on, in order.
func (p *Postgres) Lines(ctx context.Context, id string, from int) ([][]byte, error) {
	if from < 0 {
		return nil, fmt.Errorf("store: table %s: line %d", id, from)
	}
	from = min(from, math.MaxInt32) // no line is numbered higher
	// The table's row comes with its lines, in one snapshot.
	rows, err := p.pool.Query(ctx, `SELECT l.line FROM tables t LEFT JOIN lines l ON l.table_id = t.id AND l.n >= $2
		WHERE t.id = $1 ORDER BY l.n`, id, int32(from))
	if err != nil {
		return nil, fmt.Errorf("store: table %s lines: %w", id, err)
	}
	defer rows.Close()
	found := false
	var lines [][]byte
	for rows.Next() {
		found = true
		var l []byte
		if err := rows.Scan(&l); err != nil {
			return nil, fmt.Errorf("store: table %s lines: %w", id, err)
		}
		if l != nil {
			lines = append(lines, l)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: table %s lines: %w", id, err)
	}
	if !found {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return lines, nil
}

// Lease gives table id to owner for ttl if no other owner holds an
// unexpired lease, or renews owner's own lease; it reports whether owner
// holds the lease now.
func (p *Postgres) Lease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error) {
	if err := checkLease(id, owner, ttl); err != nil {
		return false, err
	}
	tag, err := p.pool.Exec(ctx, `INSERT INTO leases (table_id, owner, expires)
		SELECT $1::text, $2::text, clock_timestamp() + $3::bigint * interval '1 microsecond'
		WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1)
		ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
		WHERE leases.owner = excluded.owner OR leases.expires <= clock_timestamp()`,
		id, owner, ttl.Microseconds())
	if err != nil {
		return false, fmt.Errorf("store: lease of table %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return false, p.missing(ctx, id, nil)
	}
	return true, nil
}

// Release gives up owner's lease of table id.
func (p *Postgres) Release(ctx context.Context, id, owner string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM leases WHERE table_id = $1 AND owner = $2`, id, owner); err != nil {
		return fmt.Errorf("store: release of table %s: %w", id, err)
	}
	return nil
}

// Notify sends payload to every listener of channel, in every process
// that shares the database (this one included). Notifications that
// several goroutines of this process send at once go in one transaction
// (see notifyBatch).
func (p *Postgres) Notify(ctx context.Context, channel string, payload []byte) error {
	if err := checkNotify(channel, payload); err != nil {
		return err
	}
	if p.hub.isClosed() {
		return ErrClosed
	}
	r := &notifyReq{ctx: ctx, msg: channel + "\n" + string(payload), done: make(chan error, 1)}
	select {
	case p.notifies <- r:
	case <-ctx.Done():
		return fmt.Errorf("store: notify %s: %w", channel, ctx.Err())
	case <-p.ctx.Done():
		return ErrClosed
	}
	select {
	case err := <-r.done:
		if err != nil {
			return fmt.Errorf("store: notify %s: %w", channel, err)
		}
		return nil
	case <-ctx.Done():
		// The message may still go: delivery is at most once.
		return fmt.Errorf("store: notify %s: %w", channel, ctx.Err())
	}
}

// notifyReq is a notification waiting to be sent.
type notifyReq struct {
	ctx  context.Context
	msg  string // the PostgreSQL payload: channel, newline, payload
	done chan error
}

// pgNotifiers is how many batches of notifications a Postgres store sends
// at once: while one commits, the next gathers.
const pgNotifiers = 2

// pgNotifyBatch sends the notifications of array $1 in its order, in one
// transaction committed without waiting for the disk: a notification is
// not kept anyway (delivery is at most once), and PostgreSQL lets one
// notifying transaction commit at a time, so that a flush to disk for
// each of them queues every relayed message behind the others' flushes.
const pgNotifyBatch = `SELECT set_config('synchronous_commit', 'off', true),
	(SELECT count(pg_notify($2, m)) FROM unnest($1::text[]) AS u (m))`

// maxNotifyBatch is the most notifications sent in one transaction (of at
// most MaxPayload+MaxChannel+1 bytes each).
const maxNotifyBatch = 64

// notifyLoop sends the queued notifications, a batch at a time, until the
// store closes. A batch never holds one message twice: PostgreSQL would
// deliver it once, so the second waits for the next batch (after the
// first, keeping their order).
func (p *Postgres) notifyLoop() {
	var batch []*notifyReq
	seen := make(map[string]bool, maxNotifyBatch)
	for {
		if len(batch) == 0 {
			select {
			case r := <-p.notifies:
				batch = append(batch, r)
			case <-p.ctx.Done():
				return
			}
		}
	more:
		for len(batch) < maxNotifyBatch {
			select {
			case r := <-p.notifies:
				batch = append(batch, r)
			default:
				break more
			}
		}
		clear(seen)
		n := 0
		for n < len(batch) && !seen[batch[n].msg] {
			seen[batch[n].msg] = true
			n++
		}
		p.notifyBatch(batch[:n])
		rest := copy(batch, batch[n:])
		clear(batch[rest:])
		batch = batch[:rest]
	}
}

// notifyBatch sends batch in one transaction and answers each request.
func (p *Postgres) notifyBatch(batch []*notifyReq) {
	msgs := make([]string, 0, len(batch))
	live := batch[:0:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.done <- err
			continue
		}
		msgs = append(msgs, r.msg)
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	p.notifyTx.Add(1)
	// Not the requests' contexts, one of which ending would fail all.
	ctx, cancel := context.WithTimeout(p.ctx, notifyTimeout)
	_, err := p.pool.Exec(ctx, pgNotifyBatch, msgs, p.pgChan)
	cancel()
	for _, r := range live {
		r.done <- err
	}
}

// notifyTimeout bounds a batch of notifications.
const notifyTimeout = 10 * time.Second

// Listen returns the messages sent to channel from now on, until ctx is
// done or the store closed. It waits until the store's listening
// connection listens (or ctx is done): a message notified after Listen
// returns reaches the listener unless the connection is lost.
func (p *Postgres) Listen(ctx context.Context, channel string) (<-chan []byte, error) {
	if err := checkChannel(channel); err != nil {
		return nil, err
	}
	if p.hub.isClosed() {
		return nil, ErrClosed
	}
	p.busOnce.Do(func() {
		go p.listen()
	})
	select {
	case <-p.busUp:
	case <-ctx.Done():
		return nil, fmt.Errorf("store: listen %s: %w", channel, ctx.Err())
	case <-p.done:
		return nil, ErrClosed
	}
	return p.hub.listen(ctx, channel)
}

// listenWait is how long the listening connection waits for a
// notification before it checks the connection is alive.
const listenWait = 15 * time.Second

// listen keeps a connection listening to the store's channel, passing its
// notifications to the hub, until the store closes.
func (p *Postgres) listen() {
	defer close(p.done)
	backoff := 50 * time.Millisecond
	up := false
	for p.ctx.Err() == nil {
		conn, err := pgx.ConnectConfig(p.ctx, p.connCfg)
		if err == nil {
			_, err = conn.Exec(p.ctx, "LISTEN "+pgx.Identifier{p.pgChan}.Sanitize())
			if err != nil {
				conn.Close(context.Background())
			}
		}
		if err != nil {
			select {
			case <-time.After(backoff):
			case <-p.ctx.Done():
			}
			backoff = min(2*backoff, 2*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		p.pid.Store(conn.PgConn().PID())
		if up {
			p.hub.lost() // messages may have passed while no one listened
		} else {
			up = true
			close(p.busUp)
		}
		p.receive(conn)
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
	}
}

// receive passes conn's notifications to the hub until the connection
// fails or the store closes.
func (p *Postgres) receive(conn *pgx.Conn) {
	for {
		ctx, cancel := context.WithTimeout(p.ctx, listenWait)
		n, err := conn.WaitForNotification(ctx)
		cancel()
		if err != nil {
			if p.ctx.Err() != nil || conn.IsClosed() || !errors.Is(err, context.DeadlineExceeded) && !pgconn.Timeout(err) {
				return
			}
			ctx, cancel := context.WithTimeout(p.ctx, listenWait)
			err = conn.Ping(ctx)
			cancel()
			if err != nil {
				return
			}
			continue
		}
		if n == nil || n.Channel != p.pgChan {
			continue
		}
		channel, payload, ok := strings.Cut(n.Payload, "\n")
		if !ok {
			continue // not sent by Notify
		}
		p.hub.publish(channel, []byte(payload))
	}
}

// Ping reports whether the database answers.
func (p *Postgres) Ping(ctx context.Context) error {
	if p.hub.isClosed() {
		return ErrClosed
	}
	if err := p.pool.Ping(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close closes the store.
func (p *Postgres) Close() error {
	p.hub.close()
	p.lines.close()
	p.cancel()
	p.notifying.Wait()
	p.busOnce.Do(func() { close(p.done) }) // no listening goroutine to wait for
	<-p.done
	p.pool.Close()
	return nil
}
