package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"gaslamp/store"
	"gaslamp/store/storetest"
)

// TestSQLiteConformance holds the SQLite store to the shared suite.
func TestSQLiteConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.DB {
		dir := t.TempDir()
		return storetest.DB{
			Open: func() (store.Store, error) { return store.OpenSQLite(context.Background(), dir) },
			Count: func(query string) (int, error) {
				db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "gaslamp.db")+"?_pragma=busy_timeout(10000)&mode=ro")
				if err != nil {
					return 0, err
				}
				defer db.Close()
				var n int
				err = db.QueryRow(query).Scan(&n)
				return n, err
			},
		}
	})
}
