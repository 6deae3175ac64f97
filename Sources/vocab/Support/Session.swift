import Storage

/// What a command that touches the database needs: the live storage client for the resolved location, opened
/// (created and migrated when needed), and the terminal it prints to.
struct Session {
  let storage: StorageClient
  let terminal: Terminal

  static func open(_ global: GlobalOptions) throws(Failure) -> Session {
    let environment = Environment.current()
    let location = try DatabaseLocation.resolve(option: global.db, environment: environment)
    try location.prepare()
    do {
      let (storage, migration) = try StorageClient.live(path: location.path)
      // Say where a new database went, and that an old one was migrated (with its backup), off stdout.
      if migration.fromVersion == 0, migration.didMigrate {
        Streams.err("vocab: created the database \(location.path)\n")
      } else if migration.didMigrate {
        Streams.err("vocab: \(migration.summary)\n")
        for note in migration.notes { Streams.err("vocab: \(note)\n") }
      }
      return Session(storage: storage, terminal: .current(environment: environment))
    } catch {
      throw location.failure(error)
    }
  }
}
