package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"gaslamp/store"
	"gaslamp/store/pgstore"
)

func init() {
	commands["to-postgres"] = command{"copy a single node's embedded database into an empty PostgreSQL one, to run several nodes", runToPostgres}
}

const toPostgresSynopsis = `[--data DIR] --database postgres://...

Copies every row of the embedded SQLite database of DIR (accounts, tables,
moves, ratings, settings) into the PostgreSQL database, which must hold no
gaslamp data yet: the site's nodes then run with --database. The server on DIR
must be stopped. Both databases are brought to this gaslamp's schema first;
the rows are copied in one transaction and counted before it commits, so either
everything is copied or nothing is. The SQLite database keeps its data (an
older one is only migrated, as serve would).`

func runToPostgres(args []string) int {
	fs := newFlags("to-postgres", toPostgresSynopsis)
	data := fs.String("data", "./gaslamp-data", "the data directory of the embedded SQLite database (serve --data)")
	database := fs.String("database", "", "the PostgreSQL URL the nodes will use (postgres://user:password@host:5432/dbname)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %v\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *database == "" {
		fmt.Fprintln(os.Stderr, "gaslamp to-postgres: give the PostgreSQL database: --database postgres://...")
		return 2
	}
	if err := checkBackendFlags(*database, "", "gaslamp"); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %v\n", err)
		return 2
	}
	if err := notADataDir(*data); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %v\n", err)
		return 2
	}
	if _, err := os.Stat(*data); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: no data directory %s (give the one serve uses, --data)\n", *data)
		return 1
	}
	if err := checkDatabaseAccess(*data, true); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %v\n", err)
		return 1
	}
	// Before PostgreSQL is touched: a directory without a database would
	// otherwise have the target migrated, then be refused with a raw stat
	// error.
	if _, err := store.SQLiteSchemaVersion(context.Background(), *data); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: no gaslamp database in %s (give the directory serve uses, --data)\n", *data)
		return 1
	}
	release, err := lockDataDir(*data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %s\n", stoppedFirst(err, "then copy: moves it stored meanwhile would be missing from PostgreSQL"))
		return 1
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	dst, err := pgstore.Open(ctx, *database)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %s\n", plainError(scrubSecrets(err, *database)))
		return 1
	}
	defer dst.Close()
	info, err := pgstore.ImportSQLite(ctx, dst, *data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp to-postgres: %s (nothing was copied)\n", plainError(scrubSecrets(err, *database)))
		return 1
	}
	names := make([]string, 0, len(info.Rows))
	for t := range info.Rows {
		names = append(names, t)
	}
	sort.Strings(names)
	fmt.Printf("copied %d rows of schema %d into PostgreSQL in %v:\n", info.Total, info.Schema, info.Took.Round(time.Millisecond))
	for _, t := range names {
		if n := info.Rows[t]; n > 0 {
			fmt.Printf("  %-22s %d\n", t, n)
		}
	}
	fmt.Println("start the nodes with --database; the SQLite database keeps its data (keep it as a backup)")
	return 0
}
