import Foundation
import PackagePlugin

/// Hands every `migrations/*.sql` file to `MigrationEmbedder`, which writes them into one Swift source.
/// The plugin runs on every build, so an added, changed or removed file is always picked up.
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
        displayName: "Embedding \(files.count) migrations into \(target.name)",
        executable: try context.tool(named: "MigrationEmbedder").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
