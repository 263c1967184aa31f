package store

import (
	"errors"
	"fmt"
)

// Migration is one versioned step of the schema. Its statements use only the
// SQL that SQLite and PostgreSQL share, so both implementations apply the same
// list in order, each version once, recorded in schema_migrations.
type Migration struct {
	Version int
	Name    string
	// Statements run in order, in one transaction. A statement may hold one
	// "?" placeholder: it is bound to the time the migration is applied, in
	// Unix milliseconds (the two dialects have no common way to write "now"
	// as a number).
	Statements []string
}

// ErrSchemaNewer is returned when opening a database that a newer gaslamp
// has migrated: this binary does not know its last migrations, and would
// misread or damage what they changed.
var ErrSchemaNewer = errors.New("store: the database was upgraded by a newer gaslamp")

// CheckSchemaVersion returns an error wrapping ErrSchemaNewer when v, the
// database's last applied migration, is beyond this binary's Migrations.
func CheckSchemaVersion(v int) error {
	if latest := Migrations[len(Migrations)-1].Version; v > latest {
		return fmt.Errorf("%w: its schema is at version %d, this gaslamp knows up to %d; run the gaslamp that upgraded it, or restore a backup taken before the upgrade", ErrSchemaNewer, v, latest)
	}
	return nil
}

// Migrations is the schema's history. It is append-only: never edit a
// published migration, add a new one.
var Migrations = []Migration{
	{1, "initial schema", []string{
		`CREATE TABLE users (
			id TEXT PRIMARY KEY,
			name TEXT NOT NULL,
			created BIGINT NOT NULL
		)`,
		`CREATE TABLE sessions (
			token_hash TEXT PRIMARY KEY,
			user_id TEXT NOT NULL REFERENCES users(id),
			csrf TEXT NOT NULL,
			created BIGINT NOT NULL
		)`,
		`CREATE INDEX sessions_user ON sessions(user_id)`,
		`CREATE TABLE tables (
			id TEXT PRIMARY KEY,
			game TEXT NOT NULL,
			options TEXT NOT NULL,
			seed BIGINT NOT NULL,
			status TEXT NOT NULL,
			takeover_seconds INTEGER NOT NULL,
			creator TEXT NOT NULL,
			created BIGINT NOT NULL
		)`,
		`CREATE INDEX tables_status ON tables(status, created)`,
		`CREATE TABLE seats (
			table_id TEXT NOT NULL REFERENCES tables(id),
			seat INTEGER NOT NULL,
			kind TEXT NOT NULL,
			bot TEXT NOT NULL,
			level TEXT NOT NULL,
			user_id TEXT NOT NULL,
			name TEXT NOT NULL,
			invite_hash TEXT NOT NULL,
			PRIMARY KEY (table_id, seat)
		)`,
		`CREATE INDEX seats_invite ON seats(invite_hash)`,
		`CREATE TABLE moves (
			table_id TEXT NOT NULL REFERENCES tables(id),
			seq BIGINT NOT NULL,
			seat INTEGER NOT NULL,
			move TEXT NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (table_id, seq)
		)`,
		`CREATE TABLE chat (
			table_id TEXT NOT NULL REFERENCES tables(id),
			seq BIGINT NOT NULL,
			user_id TEXT NOT NULL,
			name TEXT NOT NULL,
			seat INTEGER NOT NULL,
			text TEXT NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (table_id, seq)
		)`,
	}},
	{2, "session expiry", []string{
		// Sessions expire after an idle period: last_seen is renewed when a
		// session is used. Sessions from before this migration count as seen
		// when it ran, so that the upgrade itself signs nobody out.
		`ALTER TABLE sessions ADD COLUMN last_seen BIGINT NOT NULL DEFAULT 0`,
		`UPDATE sessions SET last_seen = ?`,
		`CREATE INDEX sessions_last_seen ON sessions(last_seen)`,
	}},
	{3, "table leases", []string{
		// One row per table that needs a node to act for it (bot seats, or a
		// takeover limit): the node that holds the lease plays its bots and
		// runs its takeover timer, until expires (Unix milliseconds). Tables
		// already open or running get an expired lease, for any node to claim.
		`CREATE TABLE table_leases (
			table_id TEXT PRIMARY KEY REFERENCES tables(id),
			owner TEXT NOT NULL,
			expires BIGINT NOT NULL
		)`,
		`CREATE INDEX table_leases_expires ON table_leases(expires)`,
		`INSERT INTO table_leases (table_id, owner, expires)
			SELECT t.id, '', 0 FROM tables t
			WHERE t.status IN ('open', 'running')
			AND (t.takeover_seconds > 0 OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.kind = 'bot'))`,
	}},
	{4, "settings", []string{
		// Values the site keeps for itself, one row per name, written once
		// (e.g. the server secret that bots' random streams derive from,
		// shared by every node).
		`CREATE TABLE settings (
			name TEXT PRIMARY KEY,
			value TEXT NOT NULL
		)`,
	}},
	{5, "seat owners, seat holders and hot-seat tables", []string{
		// hotseat: one person may play every seat (a teaching table),
		// marked as such to everyone.
		`ALTER TABLE tables ADD COLUMN hotseat INTEGER NOT NULL DEFAULT 0`,
		// A creator's open tables are counted at each creation (the cap of
		// open tables per user, across nodes).
		`CREATE INDEX tables_creator ON tables(creator, status)`,
		// owner: the person a seat's invite brings the seat back to once
		// it has been claimed ("" while nobody has claimed it).
		`ALTER TABLE seats ADD COLUMN owner TEXT NOT NULL DEFAULT ''`,
		// Every view group (a side, or one seat where a side's seats keep
		// secrets from each other) a user has held a seat of, per table:
		// no one is ever given a seat of a second group.
		`CREATE TABLE seat_holders (
			table_id TEXT NOT NULL REFERENCES tables(id),
			user_id TEXT NOT NULL,
			grp TEXT NOT NULL,
			PRIMARY KEY (table_id, user_id, grp)
		)`,
		// One-time seat transfer tokens (hashes), so that a restart or
		// another node still honours them.
		`CREATE TABLE seat_transfers (
			token_hash TEXT PRIMARY KEY,
			table_id TEXT NOT NULL REFERENCES tables(id),
			seat INTEGER NOT NULL,
			user_id TEXT NOT NULL,
			expires BIGINT NOT NULL
		)`,
	}},
	{6, "table pace", []string{
		// pace: the table's clock as JSON (live: a time bank and an
		// increment; turn-based: a time per move); "" for no clock.
		`ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT ''`,
	}},
	{7, "web push subscriptions", []string{
		// One row per browser that asked for "your move" notifications:
		// its push service endpoint and keys (RFC 8291), its language.
		`CREATE TABLE push_subscriptions (
			endpoint TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			p256dh TEXT NOT NULL,
			auth TEXT NOT NULL,
			lang TEXT NOT NULL,
			created BIGINT NOT NULL
		)`,
		`CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id)`,
	}},
	{8, "resignations and each player's tables", []string{
		// A resigned game is finished although its rules' state is not
		// over: resigned_seat is the seat that resigned (-1: nobody), at
		// resigned_version, the number of moves then stored.
		`ALTER TABLE tables ADD COLUMN resigned_seat INTEGER NOT NULL DEFAULT -1`,
		`ALTER TABLE tables ADD COLUMN resigned_version BIGINT NOT NULL DEFAULT 0`,
		// The lobby lists the tables a player has held a seat of.
		`CREATE INDEX seat_holders_user ON seat_holders(user_id, table_id)`,
	}},
	{9, "accounts", []string{
		// A guest becomes an account by adding this row to its user: the
		// user id (which holds seats) stays. name_key is the name's
		// look-alike skeleton (lower case, confusable letters folded):
		// two names that read alike cannot both exist. password is an
		// argon2id hash in the PHC string form (docs/security.md).
		`CREATE TABLE accounts (
			user_id TEXT PRIMARY KEY REFERENCES users(id),
			name TEXT NOT NULL,
			name_key TEXT NOT NULL,
			password TEXT NOT NULL,
			created BIGINT NOT NULL
		)`,
		`CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key)`,
		`CREATE INDEX seats_user ON seats(user_id)`,
		`CREATE INDEX seats_owner ON seats(owner)`,
	}},
	{10, "results and ratings", []string{
		// rated: a table between accounts whose result changes ratings.
		`ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0`,
		// One row per finished table whose results were recorded: results
		// and ratings are applied once per table, whichever node ends it.
		`CREATE TABLE results_applied (
			table_id TEXT PRIMARY KEY REFERENCES tables(id),
			at BIGINT NOT NULL
		)`,
		// Each person's result at a finished table, per side they played
		// (won: 1 won, 0 lost).
		`CREATE TABLE results (
			table_id TEXT NOT NULL REFERENCES tables(id),
			user_id TEXT NOT NULL,
			game TEXT NOT NULL,
			side TEXT NOT NULL,
			won INTEGER NOT NULL,
			rated INTEGER NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (table_id, user_id, side)
		)`,
		`CREATE INDEX results_user ON results(user_id, at)`,
		// Glicko-2 ratings per account, game and side.
		`CREATE TABLE ratings (
			user_id TEXT NOT NULL,
			game TEXT NOT NULL,
			side TEXT NOT NULL,
			rating DOUBLE PRECISION NOT NULL,
			rd DOUBLE PRECISION NOT NULL,
			vol DOUBLE PRECISION NOT NULL,
			games INTEGER NOT NULL,
			wins INTEGER NOT NULL,
			updated BIGINT NOT NULL,
			PRIMARY KEY (user_id, game, side)
		)`,
		`CREATE INDEX ratings_board ON ratings(game, side, rating)`,
		`CREATE TABLE rating_history (
			user_id TEXT NOT NULL,
			game TEXT NOT NULL,
			side TEXT NOT NULL,
			table_id TEXT NOT NULL,
			rating DOUBLE PRECISION NOT NULL,
			rd DOUBLE PRECISION NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (user_id, game, side, table_id)
		)`,
	}},
	{11, "why a game was given up", []string{
		// resigned_reason: "" when the seat resigned, "time" when its
		// clock ran out at a table whose pace says the player then loses.
		`ALTER TABLE tables ADD COLUMN resigned_reason TEXT NOT NULL DEFAULT ''`,
	}},
	{12, "turn-based play: mail and absences", []string{
		// An account's e-mail address ("" none), whether it wants a mail
		// when it must move at a table (off by default), and the language
		// of its mails (the one of its page when it last saved them).
		`ALTER TABLE accounts ADD COLUMN email TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE accounts ADD COLUMN mail_turns INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE accounts ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'`,
		// The last "your move" mail sent to a user for a table, so that
		// every node holds to one mail per table per hour per account.
		`CREATE TABLE mail_sent (
			user_id TEXT NOT NULL,
			table_id TEXT NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (user_id, table_id)
		)`,
		// A player's absences ("away until"): from start to until (ms),
		// during which turn-based tables that allow it pause their clock.
		`CREATE TABLE absences (
			user_id TEXT NOT NULL,
			start BIGINT NOT NULL,
			until BIGINT NOT NULL,
			PRIMARY KEY (user_id, start)
		)`,
	}},
	{13, "passkeys and moderation", []string{
		// A passkey (WebAuthn credential) of an account: credential_id is
		// its id, base64url; credential is the library's record of it as
		// JSON (public key, sign count, flags); no secret is kept.
		`CREATE TABLE passkeys (
			credential_id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL REFERENCES users(id),
			name TEXT NOT NULL,
			credential TEXT NOT NULL,
			created BIGINT NOT NULL,
			last_used BIGINT NOT NULL
		)`,
		`CREATE INDEX passkeys_user ON passkeys(user_id)`,
		// A WebAuthn ceremony in progress: the hash of the token its
		// browser holds, what it is for (kind), the user it is for ("" for
		// a sign-in that has not named one), the library's session data
		// (the challenge) as JSON, and its expiry. Taken once.
		`CREATE TABLE passkey_challenges (
			token_hash TEXT PRIMARY KEY,
			kind TEXT NOT NULL,
			user_id TEXT NOT NULL,
			data TEXT NOT NULL,
			expires BIGINT NOT NULL
		)`,
		`CREATE INDEX passkey_challenges_expires ON passkey_challenges(expires)`,
		// Whom a user no longer reads in chat (mutes) and whom they keep
		// from their tables (blocks).
		`CREATE TABLE mutes (
			user_id TEXT NOT NULL,
			other_id TEXT NOT NULL,
			created BIGINT NOT NULL,
			PRIMARY KEY (user_id, other_id)
		)`,
		`CREATE TABLE blocks (
			user_id TEXT NOT NULL,
			other_id TEXT NOT NULL,
			created BIGINT NOT NULL,
			PRIMARY KEY (user_id, other_id)
		)`,
		`CREATE INDEX blocks_other ON blocks(other_id)`,
		// A report of a player or of a chat line, with its context (the
		// reported lines and a few around them, JSON) as it was then;
		// resolved is when an admin closed it (0: open).
		`CREATE TABLE reports (
			id TEXT PRIMARY KEY,
			reporter TEXT NOT NULL,
			reported TEXT NOT NULL,
			table_id TEXT NOT NULL,
			chat_seq BIGINT NOT NULL,
			reason TEXT NOT NULL,
			context TEXT NOT NULL,
			created BIGINT NOT NULL,
			resolved BIGINT NOT NULL DEFAULT 0
		)`,
		`CREATE INDEX reports_open ON reports(resolved, created)`,
		// A suspended account cannot sign in or take seats until
		// suspended_until (Unix milliseconds; 0: not suspended).
		`ALTER TABLE accounts ADD COLUMN suspended_until BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE accounts ADD COLUMN suspend_reason TEXT NOT NULL DEFAULT ''`,
	}},
	{14, "the archive of finished games", []string{
		// How each finished table ended, for the archive's filters:
		// winner, the side that won ("" nobody); ended, how (store.EndRules,
		// EndResigned, EndTime, EndAbandoned; "" not recorded yet);
		// finished_at, when (Unix milliseconds). Tables finished before
		// this migration take their creation time, their resignation, and
		// the winning side of their stored results (nobody when no person
		// played them).
		`ALTER TABLE tables ADD COLUMN winner TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE tables ADD COLUMN ended TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE tables ADD COLUMN finished_at BIGINT NOT NULL DEFAULT 0`,
		`UPDATE tables SET finished_at = created,
			ended = CASE WHEN resigned_seat < 0 THEN 'rules' WHEN resigned_reason = 'time' THEN 'time' ELSE 'resigned' END,
			winner = COALESCE((SELECT MIN(r.side) FROM results r WHERE r.table_id = tables.id AND r.won = 1), '')
			WHERE status = 'finished'`,
		// The archive pages the finished tables, the latest first, by
		// game or not; a player's name finds the tables they sat at.
		`CREATE INDEX tables_archive ON tables(status, finished_at, id)`,
		`CREATE INDEX tables_archive_game ON tables(game, status, finished_at, id)`,
		`CREATE INDEX seats_name ON seats(lower(name))`,
	}},
	{15, "time-short warnings sent", []string{
		// The last move (the table's version when it was the seat's turn)
		// for which a seat's player was told that the turn-based move's
		// time runs short: never twice for one move, across restarts and
		// nodes (Store.ClaimTimeWarning).
		`CREATE TABLE time_warnings (
			table_id TEXT NOT NULL,
			seat INTEGER NOT NULL,
			version BIGINT NOT NULL,
			PRIMARY KEY (table_id, seat)
		)`,
	}},
	{16, "chapter records of co-operative games", []string{
		// An account's result at a finished chapter of a co-operative
		// campaign game (Jekyll & Hyde), once per table and account:
		// chapter is its number, chapter_key its name's key; campaign says
		// the table kept the campaign score; city_tricks are the tricks
		// the City took in the chapter; stars the campaign stars it gave.
		`CREATE TABLE chapter_results (
			table_id TEXT NOT NULL,
			user_id TEXT NOT NULL,
			game TEXT NOT NULL,
			chapter INTEGER NOT NULL,
			chapter_key TEXT NOT NULL,
			campaign INTEGER NOT NULL,
			won INTEGER NOT NULL,
			city_tricks INTEGER NOT NULL,
			stars INTEGER NOT NULL,
			at BIGINT NOT NULL,
			PRIMARY KEY (table_id, user_id)
		)`,
		`CREATE INDEX chapter_results_user ON chapter_results(user_id, game, chapter)`,
	}},
	{17, "confirmed e-mail addresses", []string{
		// The e-mail address the account last proved it reads (by the
		// link of a confirmation mail): the address is confirmed while it
		// equals email. Only a confirmed address gets password resets.
		`ALTER TABLE accounts ADD COLUMN email_confirmed TEXT NOT NULL DEFAULT ''`,
	}},
}
