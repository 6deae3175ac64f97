// The floor bench/run compares vocab with: a static Swift program that imports Foundation, uses it as every
// vocab command does (FileManager, to look at the database's directory), and prints a line.
import Foundation

print(FileManager.default.fileExists(atPath: "/tmp") ? "hello" : "hello, without /tmp")
