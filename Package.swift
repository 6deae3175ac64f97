// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "vocab",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "Storage", targets: ["Storage"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "BookCaseFeature", targets: ["BookCaseFeature"]),
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "TerminalLayout", targets: ["TerminalLayout"]),
    .library(name: "FSRS", targets: ["FSRS"]),
    .library(name: "WordFormats", targets: ["WordFormats"]),
    .library(name: "SearchKeys", targets: ["SearchKeys"]),
    .library(name: "ReviewFeature", targets: ["ReviewFeature"]),
    .library(name: "AnkiPackage", targets: ["AnkiPackage"]),
    .library(name: "TransferFeature", targets: ["TransferFeature"]),
    .executable(name: "vocab", targets: ["vocab"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Only the traits we use: leaving out FoundationNetworking keeps it out of the binary's start-up.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // Its default trait links FoundationNetworking (and libcurl) into vocab, which costs start-up time.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "Storage",
      dependencies: [
        "CSQLite",
        "SearchKeys",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      plugins: ["EmbedMigrations"]
    ),
    // Embeds migrations/*.sql into Storage at build time, so the binary never carries a stale schema.
    .executableTarget(name: "MigrationEmbedder"),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["MigrationEmbedder"]
    ),
    .testTarget(
      name: "StorageTests",
      dependencies: [
        "Storage",
        "SearchKeys",
        "CSQLite",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "Composable",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "BookCaseFeature",
      dependencies: ["Composable", "Storage"]
    ),
    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable",
        // Without it, reportIssue inside Swift Testing's @Test functions is not recorded.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Search as a person types: the SearchReducer (debounced on the clock, stale searches cancelled).
    .target(
      name: "SearchFeature",
      dependencies: ["Composable", "Storage"]
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature",
        "Composable",
        "Storage",
        // Without it, a TestStore failure inside a Swift Testing @Test is not recorded.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "BookCaseFeatureTests",
      dependencies: [
        "BookCaseFeature",
        "Composable",
        "Storage",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        // Without it, a TestStore failure inside a Swift Testing @Test is not recorded.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Pure text layout for terminals: display widths and tables. No I/O.
    .target(name: "TerminalLayout"),
    .testTarget(
      name: "TerminalLayoutTests",
      dependencies: ["TerminalLayout"],
      exclude: ["Fixtures"]
    ),
    // The FSRS-6 scheduler, a pure value matching py-fsrs 6.3.2. No I/O, no other targets.
    .target(name: "FSRS"),
    .testTarget(
      name: "FSRSTests",
      dependencies: ["FSRS"],
      exclude: ["Fixtures"]
    ),
    // Pure readers and writers of word files (Anki's text format, TSV, CSV, HTML fields). No SQL, no I/O of its own.
    .target(name: "WordFormats"),
    .testTarget(
      name: "WordFormatsTests",
      dependencies: ["WordFormats"],
      exclude: ["Fixtures"]
    ),
    // The pure folding search compares query and fields through. No I/O, no other targets.
    .target(name: "SearchKeys"),
    .testTarget(name: "SearchKeysTests", dependencies: ["SearchKeys"]),
    // Spaced repetition over the stored cards: FSRS applied with a bookcase's settings, the review day, grading.
    .target(
      name: "ReviewFeature",
      dependencies: ["Composable", "FSRS", "Storage"]
    ),
    .testTarget(
      name: "ReviewFeatureTests",
      dependencies: [
        "ReviewFeature",
        "Composable",
        "FSRS",
        "Storage",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The keyboard and screen of a full-screen command: raw mode restored on every exit, key decoding.
    .target(name: "TerminalInput"),
    .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput"]),
    // zstd, which compresses the collection in Anki's current package format.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"])]
    ),
    // Reads and writes Anki's deck packages (.apkg): a zip holding an Anki collection, itself SQLite. Words go
    // in and out as WordFormats.WordRecord; nothing of vocab's own storage.
    .target(
      name: "AnkiPackage",
      dependencies: ["CSQLite", "CZstd", "WordFormats", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
    ),
    .testTarget(
      name: "AnkiPackageTests",
      dependencies: [
        "AnkiPackage", "CSQLite", "WordFormats", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      exclude: ["Fixtures"]
    ),
    // Import and export: file formats chosen, files read and written, the bulk import driven as a reducer.
    .target(
      name: "TransferFeature",
      dependencies: [
        "AnkiPackage", "Composable", "Storage", "WordFormats",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "TransferFeatureTests",
      dependencies: [
        "TransferFeature", "AnkiPackage", "Composable", "Storage", "WordFormats",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .executableTarget(
      name: "vocab",
      dependencies: [
        "BookCaseFeature",
        "TransferFeature",
        "WordFormats",
        "Composable",
        "FSRS",
        "ReviewFeature",
        "SearchFeature",
        "SearchKeys",
        "Storage",
        "TerminalLayout",
        "TerminalInput",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // End-to-end: runs the built `vocab` binary as a separate process, so it links nothing of the package.
    .testTarget(name: "vocabTests"),
  ]
)
