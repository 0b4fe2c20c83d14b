package main

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"felt/internal/cluster"
	"felt/internal/server"
	"felt/internal/store"
)

// clusterOpts are felt serve's settings for several processes sharing a
// PostgreSQL database.
type clusterOpts struct {
	node  string
	lease time.Duration
}

// cluster returns the node that makes felt serve one of the processes
// sharing the PostgreSQL database db, for the server's Config (nil: a
// SQLite store is one process's alone).
func (o clusterOpts) cluster(st store.Store, addr, db string, log *slog.Logger) (server.Cluster, error) {
	if !store.IsPostgres(db) {
		return nil, nil
	}
	bus, ok := st.(store.Notifier)
	if !ok {
		return nil, fmt.Errorf("serve: the store of %s has no notification bus", storeKind(db))
	}
	node := o.node
	if node == "" {
		host, _ := os.Hostname()
		node = clean(host + ":" + addr)
		if strings.HasSuffix(addr, ":0") {
			node = clean(fmt.Sprintf("%s:%d", host, os.Getpid()))
		}
	}
	n, err := cluster.New(cluster.Config{Store: st, Bus: bus, Node: node, Lease: o.lease, Log: log})
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	return n, nil
}

// clean keeps the characters a node name may hold, at most 64 of them.
func clean(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == ':' {
			b.WriteRune(r)
		}
	}
	out := b.String()
	if len(out) > 64 {
		out = out[len(out)-64:]
	}
	if out == "" {
		out = "felt"
	}
	return out
}
