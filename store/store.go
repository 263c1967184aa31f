package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Errors returned by every Store implementation.
var (
	// ErrNotFound means the requested row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict means a row with the same key already exists (for moves: the
	// sequence number is taken, so the move was not stored).
	ErrConflict = errors.New("store: conflict")
)

// Table statuses.
const (
	StatusOpen     = "open"     // waiting for players to take its human seats
	StatusRunning  = "running"  // the game is being played
	StatusFinished = "finished" // the game is over; the table is public
)

// Seat kinds.
const (
	KindHuman = "human"
	KindBot   = "bot"
)

// User is a person known to the site; guests are users with a display name.
type User struct {
	ID      string
	Name    string
	Created time.Time
	// Registered: the user is an account (has a name and a password),
	// not a guest. Read-only: set by CreateAccount.
	Registered bool
}

// Session ties a browser (through its cookie) to a user. Only the hash of the
// cookie's token is stored. A session expires when it has not been used for
// a while: the server renews LastSeen as it is used (TouchSession) and
// deletes the sessions idle too long (DeleteSessionsSeenBefore).
type Session struct {
	TokenHash string // hex SHA-256 of the cookie token
	UserID    string
	CSRF      string // the token state-changing requests must echo
	Created   time.Time
	LastSeen  time.Time // last use; CreateSession takes Created when it is zero
}

// Table is one game table: what is needed to rebuild its state (game, options,
// seed, then its moves) and how its seats are held.
type Table struct {
	ID       string
	Game     string
	Options  map[string]string
	Seed     uint64
	Status   string
	Takeover int // seconds a human may stay away before a bot takes the seat; 0 = never
	Creator  string
	Created  time.Time
	Hotseat  bool   // one person may play every seat (a teaching table)
	Pace     string // the table's clock, JSON (server.Pace); "" for none
	Rated    bool   // a table between accounts whose result changes ratings
	Seats    []Seat
	// Resigned is the resignation that ended the game, nil when none did.
	Resigned *Resignation
	// Finish is how the finished game ended (RecordFinish), nil until it
	// is recorded.
	Finish *Finish
}

// How a finished game ended (Finish.Ended).
const (
	EndRules     = "rules"     // by the game's rules
	EndResigned  = "resigned"  // a seat resigned
	EndTime      = "time"      // a seat's clock ran out at a table whose pace makes it lose
	EndAbandoned = "abandoned" // a player stayed away past the takeover limit of a rated table
)

// Finish is how a finished table ended, as the archive lists and filters it.
type Finish struct {
	Winner string    // the winning side; "" when nobody won
	Ended  string    // EndRules, EndResigned, EndTime or EndAbandoned
	At     time.Time // when the game ended
}

// ArchiveQuery selects finished tables (Store.Archive). Zero fields do not
// filter.
type ArchiveQuery struct {
	Game   string
	Player string    // the name of a person who holds a seat (ASCII letters in any case)
	From   time.Time // finished at or after From
	To     time.Time // finished before To
	Winner string    // the winning side
	Ended  string    // how the game ended (EndRules...)
	// After is the last table of the previous page: the page starts
	// right after it in the archive's order (keyset paging, so that games
	// finishing meanwhile shift nothing).
	After *ArchiveCursor
	Limit int // at most this many (0 = no limit)
}

// ArchiveCursor is a place in the archive's order: the latest finished
// first, then by id, the greatest first (byte order).
type ArchiveCursor struct {
	At time.Time
	ID string
}

// Resignation ends a game before its rules do: Seat gave up when Version
// moves were stored. The other side wins.
type Resignation struct {
	Seat    int
	Version int64
	Reason  string // "" resigned; "time": the seat's clock ran out (its pace makes it lose)
}

// Seat is one seat of a table: a human seat (held by a user or free) or a bot.
type Seat struct {
	Seat       int
	Kind       string // KindHuman or KindBot
	Bot        string // bot name for a bot seat
	Level      string // bot level: easy, normal, hard
	UserID     string // holder of a human seat, "" when free
	Name       string // display name of the holder
	InviteHash string // hex SHA-256 of the seat's invite token
	Owner      string // the user the invite brings the seat back to once claimed ("" before)
}

// PushSubscription is one browser's Web Push subscription (RFC 8030/8291).
type PushSubscription struct {
	Endpoint string
	User     string
	P256dh   string // the browser's public key, base64url
	Auth     string // the shared auth secret, base64url
	Lang     string // the language of the notifications
	Created  time.Time
}

// Transfer is a one-time token (kept as its hash) that moves a seat from
// the user who asked for it to whoever redeems it before it expires.
type Transfer struct {
	Hash    string
	Table   string
	Seat    int
	User    string // the holder who asked for it
	Expires time.Time
}

// Move is one stored move of a table. Seq starts at 1 and has no gaps.
type Move struct {
	Table string
	Seq   int64
	Seat  int
	Move  []byte // the move's JSON intent
	At    time.Time
}

// Chat is one chat line of a table. Seq starts at 1 per table.
type Chat struct {
	Table  string
	Seq    int64
	UserID string
	Name   string
	Seat   int // the sender's seat, -1 for a spectator
	Text   string
	At     time.Time
}

// Store is the persistence the server needs. Implementations are safe for
// concurrent use.
type Store interface {
	// CreateUser adds a user.
	CreateUser(ctx context.Context, u User) error
	// User returns the user with id.
	User(ctx context.Context, id string) (User, error)
	// CreateSession adds a session.
	CreateSession(ctx context.Context, s Session) error
	// SessionByHash returns the session whose token hashes to hash and its
	// user, whether or not it has expired: the caller judges its LastSeen.
	SessionByHash(ctx context.Context, hash string) (Session, User, error)
	// SessionsSeen returns when each of the sessions whose token hashes are
	// given was last seen; a hash with no session is left out. It answers
	// for many sessions at once (a node checks those of all its open
	// WebSockets).
	SessionsSeen(ctx context.Context, hashes []string) (map[string]time.Time, error)
	// TouchSession records a use of the session at time at: its LastSeen
	// becomes at, unless it is already later. An unknown session is no error.
	TouchSession(ctx context.Context, hash string, at time.Time) error
	// DeleteSession removes a session.
	DeleteSession(ctx context.Context, hash string) error
	// DeleteSessionsSeenBefore removes the sessions last used before t and
	// returns how many it removed.
	DeleteSessionsSeenBefore(ctx context.Context, t time.Time) (int64, error)

	// CreateTable adds a table with its seats.
	CreateTable(ctx context.Context, t Table) error
	// Table returns one table with its seats.
	Table(ctx context.Context, id string) (Table, error)
	// Tables returns the tables with one of the given statuses (all when none),
	// newest first (the finished alone: by their end, as TablesOf), at most
	// limit (0 = no limit).
	Tables(ctx context.Context, limit int, statuses ...string) ([]Table, error)
	// TablesOf returns the tables with one of the given statuses (all when
	// none) that user has held a seat of (AddSeatHolder), newest first
	// (the finished alone: by their end, newest first, one whose end is not
	// recorded yet first of all), skipping offset and returning at most
	// limit (0 = no limit).
	TablesOf(ctx context.Context, user string, limit, offset int, statuses ...string) ([]Table, error)
	// Resign finishes a table that is not finished yet, recording that
	// r.Seat resigned at r.Version. It returns ErrConflict when the table
	// is already finished and ErrNotFound when there is no such table.
	Resign(ctx context.Context, table string, r Resignation) error
	// RecordFinish records how a finished table ended, once: it does
	// nothing when the table's finish is recorded already (another node
	// recorded it, or the table was loaded again) or the table is unknown.
	RecordFinish(ctx context.Context, table string, f Finish) error
	// Archive returns the finished tables whose finish is recorded that
	// match q, the latest finished first (then by id, descending), with
	// their seats.
	Archive(ctx context.Context, q ArchiveQuery) ([]Table, error)
	// CountTables returns the number of tables per status.
	CountTables(ctx context.Context) (map[string]int, error)
	// SetStatus changes a table's status.
	SetStatus(ctx context.Context, table, status string) error
	// SetSeatHolder gives a human seat to a user ("" frees it).
	SetSeatHolder(ctx context.Context, table string, seat int, userID, name string) error
	// SeatByInvite finds the table and seat an invite token hash opens.
	SeatByInvite(ctx context.Context, hash string) (table string, seat int, err error)
	// SetSeatOwner records who a seat's invite belongs to ("" frees it
	// for the next claimer).
	SetSeatOwner(ctx context.Context, table string, seat int, owner string) error
	// SetSeatInvite replaces a seat's invite token hash (a host's
	// replacement of an absent player): the old link stops working.
	SetSeatInvite(ctx context.Context, table string, seat int, hash string) error
	// AddSeatHolder records that user has held a seat of view group grp at
	// table (idempotent).
	AddSeatHolder(ctx context.Context, table, user, grp string) error
	// SeatHolderGroups returns the view groups user has held seats of at
	// table.
	SeatHolderGroups(ctx context.Context, table, user string) ([]string, error)
	// CountOpenTablesBy returns how many open tables creator has made.
	CountOpenTablesBy(ctx context.Context, creator string) (int, error)
	// AddPushSubscription stores (or replaces, by endpoint) a browser's
	// push subscription for a user.
	AddPushSubscription(ctx context.Context, p PushSubscription) error
	// PushSubscriptions returns a user's push subscriptions.
	PushSubscriptions(ctx context.Context, user string) ([]PushSubscription, error)
	// DeletePushSubscription removes a subscription (gone, or unsubscribed).
	DeletePushSubscription(ctx context.Context, endpoint string) error
	// AddTransfer stores a one-time seat transfer token's hash.
	AddTransfer(ctx context.Context, tr Transfer) error
	// Transfer returns the unexpired transfer of a token hash, without
	// using it up (ErrNotFound when there is none).
	Transfer(ctx context.Context, hash string, now time.Time) (Transfer, error)
	// TakeTransfer uses a transfer up: it deletes it and returns it, once
	// (ErrNotFound when it is unknown, used or expired).
	TakeTransfer(ctx context.Context, hash string, now time.Time) (Transfer, error)

	// AppendMove stores a move. It returns ErrConflict when (table, seq) is
	// already taken; it returns only once the move is durable.
	AppendMove(ctx context.Context, m Move) error
	// Moves returns the moves of a table in order.
	Moves(ctx context.Context, table string) ([]Move, error)
	// MovesAfter returns the moves of a table whose seq is greater than
	// after, in order: what a node holding the table at version after has
	// not applied yet (MovesAfter(ctx, t, 0) is Moves(ctx, t)).
	MovesAfter(ctx context.Context, table string, after int64) ([]Move, error)

	// TableVersions returns the number of stored moves (the version) of each
	// of the given tables; a table without moves, or unknown, is left out.
	TableVersions(ctx context.Context, tables []string) (map[string]int64, error)

	// AppendChat stores a chat line.
	AppendChat(ctx context.Context, c Chat) error
	// Chat returns the last limit chat lines of a table, oldest first.
	Chat(ctx context.Context, table string, limit int) ([]Chat, error)

	// ClaimLease makes owner the holder of table's lease until until, when
	// the lease is free, held by owner, or expired at now (its expiry is not
	// after now). It reports whether owner holds the lease on return. A
	// table's lease says which node acts for it (bots, takeover timers); see
	// the server's package documentation.
	ClaimLease(ctx context.Context, table, owner string, now, until time.Time) (bool, error)
	// ReleaseLease ends owner's lease on table at once, so that another
	// node may claim it; it does nothing when owner does not hold it.
	ReleaseLease(ctx context.Context, table, owner string) error
	// DropLease removes table's lease, whoever holds it (the table needs
	// no node to act for it any more: it is finished).
	DropLease(ctx context.Context, table string) error
	// ExpiredLeases returns up to limit tables whose lease has expired at
	// now (released, or not renewed by a node that stopped), oldest expiry
	// first.
	ExpiredLeases(ctx context.Context, now time.Time, limit int) ([]string, error)

	// EnsureSetting stores value under name unless name already has one, and
	// returns the value stored: the first writer wins, so that every node
	// sharing the store gets the same value.
	EnsureSetting(ctx context.Context, name, value string) (string, error)

	// Heartbeat writes a small row (named after node), to check that the
	// store takes writes now.
	Heartbeat(ctx context.Context, node string) error
	// Integrity reports damage found in the database when it was opened
	// (SQLite's quick_check; nil for PostgreSQL, which checks itself).
	Integrity() error

	// Accounts (accounts.go).

	// CreateAccount turns the user a.UserID into an account: it stores the
	// account and renames the user, and the seats they hold, to a.Name.
	// ErrConflict when a.Key is taken or the user has an account already.
	CreateAccount(ctx context.Context, a Account) error
	// AccountByKey returns the account whose name skeleton is key.
	AccountByKey(ctx context.Context, key string) (Account, error)
	// AccountByUser returns the account of a user (ErrNotFound for a guest).
	AccountByUser(ctx context.Context, userID string) (Account, error)
	// SetPassword replaces an account's password hash.
	SetPassword(ctx context.Context, userID, hash string) error
	// DeleteSessionsOf removes the sessions of a user except the one whose
	// hash is except, and returns the hashes it removed.
	DeleteSessionsOf(ctx context.Context, userID, except string) ([]string, error)
	// SetMailPrefs stores an account's e-mail address ("" none), whether it
	// wants a mail when it must move, and the language of its mails.
	// ErrNotFound for a guest.
	SetMailPrefs(ctx context.Context, userID, email string, turns bool, lang string) error
	// ConfirmEmail marks email confirmed for userID's account if it is
	// still the account's address; false (and no change) otherwise, or
	// when there is no such account.
	ConfirmEmail(ctx context.Context, userID, email string) (bool, error)
	// ClaimMail records that a mail about table goes to user at now, unless
	// one went less than every before: it returns whether this one may go.
	// Every store client sees the same claims, so two nodes never both send.
	ClaimMail(ctx context.Context, userID, table string, now time.Time, every time.Duration) (bool, error)
	// AddAbsence stores that a user is away from start until until
	// (replacing an absence of theirs that has not ended by start: it ends
	// at start); until == start just ends the current absence.
	AddAbsence(ctx context.Context, userID string, start, until time.Time) error
	// Absences returns a user's absences that end after since, oldest first.
	Absences(ctx context.Context, userID string, since time.Time) ([]Absence, error)
	// DeleteAccount removes an account's personal data: the account, its
	// sessions, its results and ratings; its name becomes "" on the user,
	// its seats and its chat lines (games stay, under a neutral name). It
	// returns the hashes of the sessions removed.
	DeleteAccount(ctx context.Context, userID string) ([]string, error)

	// Results and ratings (accounts.go).

	// RecordResults stores the results of a finished table and, through
	// rate, the new ratings, once per table: it returns false (and changes
	// nothing) when the table's results are stored already, whichever
	// store client stored them. In one transaction, it reads the current
	// ratings of keys (a key without a rating yet comes back with Games 0
	// and zero values), calls rate with them (in the order of keys), and
	// stores what rate returns with a history point each. rate may be nil
	// (a casual table).
	RecordResults(ctx context.Context, table string, at time.Time, results []Result, keys []RatingKey, rate func([]Rating) []Rating) (bool, error)
	// MoveResults gives from's results at a finished table (the results of
	// its sides and its chapter record) to to, as a guest's seats go to the
	// account it signs in to. Where to has a result of the same side, or a
	// chapter record, at that table already, to's stays and from's is
	// dropped. Ratings are not touched: a guest plays no rated game.
	MoveResults(ctx context.Context, table, from, to string) error
	// ResultsOf returns a user's results, newest first, at most limit.
	ResultsOf(ctx context.Context, userID string, limit int) ([]Result, error)
	// TableResults returns the results recorded at one finished table, every
	// user's and side's (none before its results are recorded).
	TableResults(ctx context.Context, table string) ([]Result, error)
	// RatingsOf returns a user's ratings.
	RatingsOf(ctx context.Context, userID string) ([]Rating, error)
	// RatingAt returns the point of a user's rating in one game and side
	// that a table's result made, and the point just before it (ok false
	// when the table was the first): what the table changed, however old.
	// ErrNotFound when the table moved no rating of theirs.
	RatingAt(ctx context.Context, userID, game, side, table string) (at, before RatingPoint, ok bool, err error)
	// RatingHistory returns the points of a user's rating in one game and
	// side, oldest first, the last limit of them.
	RatingHistory(ctx context.Context, userID, game, side string, limit int) ([]RatingPoint, error)
	// Leaderboard returns the accounts' ratings in a game and side with at
	// least minGames games, best first, at most limit, with Name set.
	Leaderboard(ctx context.Context, game, side string, minGames, limit int) ([]Rating, error)
	// SeatedTablesOf returns the tables a user holds or owns a seat of, with one
	// of the statuses (all when none), newest first, at most limit.
	SeatedTablesOf(ctx context.Context, userID string, limit int, statuses ...string) ([]Table, error)

	// ClaimTimeWarning records that seat's player at table is told that
	// the time of the move at version runs short, unless they were told
	// for that move (or a later one) already: it returns whether this
	// warning may go. Every store client sees the same claims, so that a
	// restart or a second node never warns twice for one move.
	ClaimTimeWarning(ctx context.Context, table string, seat int, version int64) (bool, error)

	// Chapter records (records.go).

	// RecordChapters stores the chapter results of a finished table, once
	// per table and user: a result stored already is left as it is.
	RecordChapters(ctx context.Context, results []ChapterResult) error
	// ChapterRecords returns a user's record per game, chapter and
	// campaign flag, by game then chapter.
	ChapterRecords(ctx context.Context, userID string) ([]ChapterRecord, error)

	// Passkeys (passkeys.go).

	// AddPasskey stores a passkey of an account (ErrConflict when its
	// credential id is stored already, for any account).
	AddPasskey(ctx context.Context, p Passkey) error
	// PasskeysOf returns a user's passkeys, oldest first.
	PasskeysOf(ctx context.Context, userID string) ([]Passkey, error)
	// PasskeyByID returns the passkey with a credential id.
	PasskeyByID(ctx context.Context, id string) (Passkey, error)
	// UsePasskey records a sign-in with a passkey: its new credential
	// record (sign count, flags) and the time.
	UsePasskey(ctx context.Context, id string, credential []byte, at time.Time) error
	// DeletePasskey removes a user's passkey (ErrNotFound when the user
	// has no passkey with that id).
	DeletePasskey(ctx context.Context, userID, id string) error
	// AddChallenge stores a WebAuthn ceremony in progress.
	AddChallenge(ctx context.Context, c Challenge) error
	// TakeChallenge uses a ceremony up: it deletes it and returns it, once,
	// when it is of kind and has not expired at now (ErrNotFound
	// otherwise). Expired ceremonies are deleted on the way.
	TakeChallenge(ctx context.Context, hash, kind string, now time.Time) (Challenge, error)

	// Moderation (moderation.go).

	// SetRelation records (on) or removes (!on) that user mutes (kind
	// RelationMute) or blocks (RelationBlock) other.
	SetRelation(ctx context.Context, kind, user, other string, on bool, at time.Time) error
	// Relations returns the users that user mutes or blocks (by kind),
	// sorted.
	Relations(ctx context.Context, kind, user string) ([]string, error)
	// Blocked reports whether a block stands between user and one of
	// others, either way (user blocked them, or one of them blocked user).
	Blocked(ctx context.Context, user string, others []string) (bool, error)
	// AddReport stores a report.
	AddReport(ctx context.Context, r Report) error
	// Reports returns the open reports (resolved ones too with all),
	// oldest first.
	Reports(ctx context.Context, all bool) ([]Report, error)
	// ResolveReport closes an open report (ErrNotFound when there is no
	// open report with that id).
	ResolveReport(ctx context.Context, id string, at time.Time) error
	// Suspend suspends an account until until (a zero until lifts the
	// suspension) with a reason, and, when it suspends, deletes the
	// account's sessions and returns their hashes (ErrNotFound for no
	// account).
	Suspend(ctx context.Context, userID string, until time.Time, reason string) ([]string, error)
	// SuspendedAccounts returns the accounts suspended at now, with their
	// ends and reasons, the soonest end first.
	SuspendedAccounts(ctx context.Context, now time.Time) ([]Account, error)

	// SchemaVersion returns the version of the last applied migration.
	SchemaVersion(ctx context.Context) (int, error)
	// Close releases the store; it waits for writes in progress.
	Close() error
}

// Account is a user who can sign in: a unique name and a password hash.
type Account struct {
	UserID   string
	Name     string // as the person wrote it
	Key      string // the name's look-alike skeleton, unique
	Password string // argon2id hash, PHC string form
	Created  time.Time
	// SuspendedUntil: the account cannot sign in or take seats before
	// then (zero: not suspended); SuspendReason says why, for admins.
	SuspendedUntil time.Time
	SuspendReason  string
	// Email is where "your move" mails go ("": none); MailTurns says the
	// account wants them (off by default); Lang is their language.
	Email     string
	MailTurns bool
	Lang      string
	// ConfirmedEmail is the address the account last confirmed (by the
	// link of a confirmation mail); see EmailConfirmed.
	ConfirmedEmail string
}

// EmailConfirmed reports whether the account's address is one it proved
// it reads: only such an address gets a password reset.
func (a Account) EmailConfirmed() bool {
	return a.Email != "" && a.ConfirmedEmail == a.Email
}

// Suspended reports whether the account is suspended at now.
func (a Account) Suspended(now time.Time) bool {
	return !a.SuspendedUntil.IsZero() && now.Before(a.SuspendedUntil)
}

// Passkey is a WebAuthn credential of an account: a second way to sign in.
type Passkey struct {
	ID         string // the credential id, base64url (no padding)
	UserID     string
	Name       string // the name its owner gave it
	Credential []byte // the WebAuthn library's record of it, JSON
	Created    time.Time
	LastUsed   time.Time // zero before its first sign-in
}

// Challenge is a WebAuthn ceremony in progress (registration or sign-in),
// kept server-side so that any node can finish it, once, before Expires.
type Challenge struct {
	Hash    string // hex SHA-256 of the token its browser holds
	Kind    string // what the ceremony is for (the server's names)
	UserID  string // the user it is for; "" for a sign-in without a name
	Data    []byte // the WebAuthn library's session data, JSON
	Expires time.Time
}

// Kinds of relations between two users.
const (
	RelationMute  = "mute"  // the user does not read the other's chat lines
	RelationBlock = "block" // the other cannot take seats at the user's tables
)

// Report is a player's report of another player or of a chat line.
type Report struct {
	ID       string
	Reporter string // user id
	Reported string // user id
	Table    string // "" when not about a table
	ChatSeq  int64  // the reported chat line, 0 for a report of a player
	Reason   string
	Context  []byte // JSON: the reported lines and a few around them, names
	Created  time.Time
	Resolved time.Time // zero while open
}

// Absence is a time a player said they would be away.
type Absence struct {
	Start, Until time.Time
}

// Result is one person's result at a finished table, for one side.
type Result struct {
	Table  string
	UserID string
	Game   string
	Side   string
	Won    bool
	Rated  bool
	At     time.Time
}

// RatingKey names one rating: an account's, in a game, for a side.
type RatingKey struct {
	UserID, Game, Side string
}

// Rating is a Glicko-2 rating (on the Glicko scale: 1500, RD 350).
type Rating struct {
	RatingKey
	Name    string // the account's name (Leaderboard only)
	Rating  float64
	RD      float64
	Vol     float64
	Games   int // rated games played
	Wins    int
	Updated time.Time
}

// RatingPoint is a rating after one rated table.
type RatingPoint struct {
	Table  string
	Rating float64
	RD     float64
	At     time.Time
}

// Hash returns the hex SHA-256 of a secret token, the only form in which the
// store keeps session and invite tokens.
func Hash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}
