import Foundation
import PackagePlugin

/// Has `MigrationEmbedder` write every `migrations/*.sql` file into one Swift source for `Storage`.
///
/// Declared inputs and output mean a build with nothing changed runs nothing here. SwiftPM asks for these
/// commands only when it re-plans the build, which a change in `migrations/` (a directory of no target)
/// does not cause; so the embedder lists the directory itself, and the directory is an input beside the
/// files: adding, removing or renaming a file changes the directory, editing one changes that file. What
/// SwiftPM cannot see until it re-plans (the README's storage section says how) is an edit to a file added
/// since, or the removal of a file it still lists.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "migrations")
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding migrations into \(target.name)",
        executable: try context.tool(named: "MigrationEmbedder").url,
        arguments: [output.path, directory.path],
        inputFiles: [directory] + files,
        outputFiles: [output]
      )
    ]
  }
}
