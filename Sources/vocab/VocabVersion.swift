/// The version `vocab --version` prints.
enum VocabVersion {
  static let current = "0.1.0"
}
