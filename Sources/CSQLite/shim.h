#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: the settings vocab makes, in functions it can.

// Statement journals up to `bytes` stay in memory (SQLite's default spills them to a temporary file past 64 KiB).
static inline int vocab_sqlite3_statement_journal_spill(int bytes) {
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

// SQLite stops counting the memory it allocates (sqlite3_memory_used), which takes a global mutex on every
// allocation and free.
static inline int vocab_sqlite3_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
