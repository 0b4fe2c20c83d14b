// Package storetest gives tests the databases the store runs on: the
// PostgreSQL test server named by FELT_TEST_POSTGRES, with a schema of the
// test's own so that tests of several packages can share it at once.
package storetest
