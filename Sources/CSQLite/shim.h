#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: the one setting vocab makes, in a function it can.
// Statement journals up to `bytes` stay in memory (SQLite's default spills them to a temporary file past 64 KiB).
static inline int vocab_sqlite3_statement_journal_spill(int bytes) {
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
