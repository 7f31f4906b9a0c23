// swift-tools-version:6.0
//
// Geode: an embedded geospatial and mixed-data document store for Swift on Linux.
// Layers (imports point down only):
//
//   geode (CLI)   geode-bench
//          \       /      \
//           Geode           GeodeReplication   public API; a store fed into PostgreSQL/PostGIS
//          /     \          /
//   GeodeImport   |        /                   input bytes -> engine rows
//          |      |       /
//    GeodeJSON    |
//          \     |
//          GeodeCore           the engine: storage, documents, schema, queries, indexes
//              |
//          GeodeGeo            shapes, regions, cells: GEOS on the plane, S2 on the sphere
//
//  (system libraries below: CLMDB, CDecimal and CXXHash under GeodeCore; CGEOS and CS2, which wraps libs2,
//   under GeodeGeo; CJansson under GeodeJSON; CLibPQ under GeodeReplication)
import PackageDescription

let package = Package(
    name: "Geode",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Geode", targets: ["Geode"]),
        .library(name: "GeodeReplication", targets: ["GeodeReplication"]),
        .executable(name: "geode", targets: ["GeodeCLI"]),
        .executable(name: "geode-bench", targets: ["GeodeBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.0"),
    ],
    targets: [
        // System libraries: a module map and a shim each; `make setup` installs them.
        .systemLibrary(
            name: "CLMDB", pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"]), .brew(["lmdb"])]),
        .systemLibrary(
            name: "CGEOS", pkgConfig: "geos",
            providers: [.apt(["libgeos-dev"]), .brew(["geos"])]),
        .systemLibrary(
            name: "CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]),
        // Checksums of stored documents and index entries: xxHash's XXH3.
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        // Decimal128 arithmetic: Intel's Decimal Floating-Point Math Library (no pkg-config file).
        .systemLibrary(name: "CDecimal", providers: [.apt(["libintelrdfpmath-dev"])]),
        // libpq: PostgreSQL's client library, for replicating a store into PostgreSQL/PostGIS.
        .systemLibrary(
            name: "CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        // SQLite: only the benchmarks use it, as the peer Geode is measured against.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

        // The engine: storage, document encoding, schema, store.
        .target(
            name: "GeodeCore",
            dependencies: [
                "GeodeGeo", "CLMDB", "CDecimal", "CXXHash",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]),
        // S2 Geometry (libs2, C++) behind a narrow C interface: polygons on the sphere.
        .target(
            name: "CS2",
            linkerSettings: [
                .linkedLibrary("s2"), .linkedLibrary("absl_strings"), .linkedLibrary("absl_raw_logging_internal"),
            ]),
        // Geometry: shapes, the regions queries test points against, the cells the
        // spatial index keys them by; on the plane through GEOS, on the sphere through S2.
        // The engine depends on it (it indexes and queries geometry); it knows no storage.
        .target(name: "GeodeGeo", dependencies: ["CGEOS", "CS2"]),
        // The bump allocator jansson's hooks use on parser threads: C, for its thread-local.
        .target(name: "CJSONArena"),
        // JSON text <-> engine values through jansson.
        .target(
            name: "GeodeJSON",
            dependencies: [
                "GeodeCore", "CJansson", "CJSONArena",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        // Input bytes to engine rows: record streams, CSV, feature mapping, batching, progress.
        .target(
            name: "GeodeImport",
            dependencies: [
                "GeodeCore", "GeodeJSON", "GeodeGeo",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "CSV", package: "CSV.swift"),
            ]),
        // A store's objects and change log into PostgreSQL/PostGIS tables, through libpq.
        .target(
            name: "GeodeReplication",
            dependencies: [
                "GeodeCore", "GeodeJSON", "CLibPQ",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        // The user's surface.
        .target(
            name: "Geode",
            dependencies: [
                "GeodeCore", "GeodeGeo", "GeodeJSON", "GeodeImport",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "CSV", package: "CSV.swift"),
            ]),

        // The command-line tool.
        .executableTarget(
            name: "GeodeCLI",
            dependencies: [
                "Geode", "GeodeCore", "GeodeJSON", "GeodeReplication",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]),

        // Benchmarks: print figures next to raw-library baselines from the same run.
        .executableTarget(
            name: "GeodeBench",
            dependencies: [
                "Geode", "GeodeCore", "GeodeJSON", "GeodeGeo", "GeodeImport", "GeodeReplication", "LocalPostgres", "CLMDB",
                "CSQLite", "CJansson",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ], path: "Benchmarks/GeodeBench"),

        // Runnable samples: the seed pages' Swift code with `import Geode`.
        .executableTarget(name: "SampleCRUDCreate", dependencies: ["Geode"], path: "Samples/CRUDCreate"),
        .executableTarget(name: "SampleRelationships", dependencies: ["Geode"], path: "Samples/Relationships"),
        .executableTarget(name: "SampleCustomPersistable", dependencies: ["Geode"], path: "Samples/CustomPersistable"),
        .executableTarget(name: "SampleProjection", dependencies: ["Geode"], path: "Samples/Projection"),

        // Tests and what they share.
        .target(
            name: "GeodeTestSupport",
            dependencies: [
                "Geode", "GeodeCore", .product(name: "OrderedCollections", package: "swift-collections"),
            ], path: "Tests/GeodeTestSupport"),
        // A throwaway PostgreSQL server with PostGIS, for the replication tests and the PostGIS peer.
        .target(name: "LocalPostgres", path: "Tests/LocalPostgres"),
        // Fuzz targets: replay files when built normally; libFuzzer drives them under `make fuzz`.
        .executableTarget(name: "GeodeFuzz", dependencies: ["Geode", "GeodeCore"], path: "Fuzz"),
        .executableTarget(
            name: "GeodeTestWorker",
            dependencies: [
                "Geode", "GeodeCore", "GeodeJSON", "GeodeTestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ], path: "Tests/GeodeTestWorker"),
        .testTarget(
            name: "GeodeCoreTests",
            dependencies: [
                "GeodeCore", "GeodeTestSupport", "CLMDB", "GeodeTestWorker",
            ]),
        .testTarget(
            name: "GeodeTests",
            dependencies: [
                "Geode", "GeodeCore", "GeodeTestSupport", "GeodeTestWorker", "SampleCRUDCreate", "SampleRelationships",
                "SampleCustomPersistable", "SampleProjection",
            ]),
        .testTarget(
            name: "GeodeReplicationTests",
            dependencies: [
                "GeodeReplication", "GeodeCore", "GeodeJSON", "GeodeTestSupport", "GeodeCLI", "LocalPostgres",
            ]),
        .testTarget(name: "GeodeImportTests", dependencies: ["GeodeImport", "GeodeCore", "GeodeTestSupport"]),
        .testTarget(name: "GeodeJSONTests", dependencies: ["GeodeJSON", "GeodeTestSupport"]),
        .testTarget(name: "GeodeGeoTests", dependencies: ["GeodeGeo", "GeodeTestSupport"]),
        .testTarget(name: "GeodeCLITests", dependencies: ["GeodeCLI", "GeodeTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// The documentation plugin only when the catalog is built (`make docs`), so that
// building and testing need no package beyond the two above.
if Context.environment["GEODE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
