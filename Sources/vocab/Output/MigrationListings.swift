import Storage
import TerminalLayout

/// What `vocab migrate` prints.
enum MigrationListings {
  /// `--status`: one row per migration, applied or pending, then a summary line.
  static func status(_ status: MigrationStatus, terminal: Terminal) -> String {
    var table = Table(columns: [
      .init(title: "VERSION", alignment: .right), .init(title: "NAME"), .init(title: "STATE"),
      .init(title: "APPLIED"), .init(title: "SHA-256"),
    ])
    table.rows = status.applied.map { migration in
      let state =
        switch migration.state {
        case .ok: "applied"
        case .checksumMismatch: "CHANGED since applied"
        case .unknown: "UNKNOWN to this vocab"
        }
      return [
        String(migration.version), migration.name, state, UTCTime.iso8601(migration.appliedAt),
        String(migration.checksum.prefix(12)),
      ]
    }
    table.rows += status.pending.map {
      [String($0.version), $0.name, "pending", "", String($0.checksum.prefix(12))]
    }
    var summary = "\(status.path): "
    if !status.exists {
      summary += "no database yet; the first command creates it with every migration"
    } else if status.isUpToDate {
      summary += "up to date at version \(status.version)"
    } else if status.pending.isEmpty {
      summary += "at version \(status.version), with migrations this vocab cannot vouch for"
    } else {
      summary += "at version \(status.version), \(status.pending.count) pending; run `vocab migrate`"
    }
    return table.render(bold: terminal.usesColour, width: terminal.columns) + summary + "\n"
  }

  /// `--dry-run`: what `migrate` would apply.
  static func plan(_ plan: MigrationPlan) -> String {
    guard !plan.pending.isEmpty else {
      return "Nothing to apply: \(plan.path) is up to date at version \(plan.fromVersion).\n"
    }
    var output = "Would migrate \(plan.path) from version \(plan.fromVersion) to \(plan.toVersion)"
    output += plan.makesBackup ? ", after a backup:\n" : ":\n"
    for migration in plan.pending {
      output += "  \(migration.version)  \(migration.name)\n"
    }
    return output
  }

  /// `migrate`: what was applied, and where the backup is.
  static func report(_ report: MigrationReport) -> String {
    guard report.didMigrate else {
      return "Nothing to apply: \(report.path) is up to date at version \(report.toVersion).\n"
    }
    var output = ""
    for migration in report.applied {
      output += "Applied \(migration.version)  \(migration.name)\n"
    }
    output += "Migrated \(report.path) from version \(report.fromVersion) to \(report.toVersion).\n"
    if let backup = report.backupPath {
      output += "Backup: \(backup)\n"
    }
    for note in report.notes {
      output += "Note: \(note)\n"
    }
    return output
  }
}
